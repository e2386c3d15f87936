import BenchmarkForms
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
            bytes = try readFileBytes(path)
        } catch {
            fail("compile-timing: \(error)")
        }
        let wallStart = ProcessClock.wall.seconds()
        let cpuStart = ProcessClock.processCPU.seconds()
        let rules: RuleSet
        do {
            rules = try RuleSet(bytes: bytes, source: path)
        } catch {
            fail("compile-timing: \(path) did not compile:\n\(error)")
        }
        let cpu = ProcessClock.processCPU.seconds() - cpuStart
        let wall = ProcessClock.wall.seconds() - wallStart
        let name = path.split(separator: "/").last.map(String.init) ?? path
        print(
            #"{"tool": "rulecheck", "file": "\#(name)", "fields": \#(rules.fields.count), "#
                + #""compile_seconds": \#(rounded(wall)), "compile_cpu_seconds": \#(rounded(cpu))}"#)
    }

    private static func rounded(_ seconds: Double) -> Double { (seconds * 10_000).rounded() / 10_000 }
}
