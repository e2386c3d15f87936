#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RuleCheck

/// Times one compile of a rules file inside this process, as Benchmarks/compare/jsonschema_rs_compile.py
/// times jsonschema-rs's `validator_for` inside Python: the file is read first (not timed), then
/// `RuleSet(bytes:source:)` — reading the YAML or JSON, parsing, compiling every pattern and
/// expression, ordering the graph — is timed alone, once, in a fresh process (as a rules file seen
/// for the first time). Process start-up and reading the file are not included.
///
///     compile-timing FILE
///
/// Prints one JSON line: `{"tool": "rulecheck", "file": …, "fields": …, "compile_seconds": …,
/// "compile_cpu_seconds": …}` — wall-clock and CPU seconds (user + system of the process) of the
/// compile. On a shared machine the CPU seconds are the steadier figure.
@main
enum CompileTiming {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count == 2 else {
            fail("usage: compile-timing FILE")
        }
        let path = arguments[1]
        let bytes: [UInt8]
        do {
            bytes = try readFile(path)
        } catch {
            fail("compile-timing: cannot read \(path): \(error.reason)")
        }
        let wallStart = clock(CLOCK_MONOTONIC)
        let cpuStart = clock(CLOCK_PROCESS_CPUTIME_ID)
        let rules: RuleSet
        do {
            rules = try RuleSet(bytes: bytes, source: path)
        } catch {
            fail("compile-timing: \(path) did not compile:\n\(error)")
        }
        let cpu = clock(CLOCK_PROCESS_CPUTIME_ID) - cpuStart
        let wall = clock(CLOCK_MONOTONIC) - wallStart
        let name = path.split(separator: "/").last.map(String.init) ?? path
        print(
            #"{"tool": "rulecheck", "file": "\#(name)", "fields": \#(rules.fields.count), "#
                + #""compile_seconds": \#(rounded(wall)), "compile_cpu_seconds": \#(rounded(cpu))}"#)
    }

    private struct ReadError: Error {
        let reason: String
    }

    private static func readFile(_ path: String) throws(ReadError) -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw ReadError(reason: String(cString: strerror(errno))) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        if ferror(file) != 0 { throw ReadError(reason: "read error") }
        return bytes
    }

    private static func clock(_ id: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(id, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func rounded(_ seconds: Double) -> Double { (seconds * 10_000).rounded() / 10_000 }

    private static func fail(_ message: String) -> Never {
        let line = Array((message + "\n").utf8)
        _ = line.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
        exit(2)
    }
}
