import Foundation
@testable import RuleCheckCommands
@testable import rulecheck
import _RuleCheckTestSupport

/// What a run of `rulecheck` printed, and how it ended.
struct CLIRun {
    let status: Int32
    /// Whether the process ended by a signal (then `status` is the signal's number); never for a
    /// run in process.
    let killedBySignal: Bool
    let stdout: String
    let stderr: String
    let stdoutBytes: Data
}

/// Runs `rulecheck`, from the package's root: in this process (``run(_:stdout:)``, the
/// command's own entry point with its output captured), or as the built executable
/// (``runProcess(_:stdin:environment:stdout:)``) where the process itself is under test —
/// standard input, the environment, signals, a closed pipe.
enum CLI {
    static let root = Repository.root

    /// The `rulecheck` executable next to the test bundle.
    static let binary: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directory = bundle.bundleURL.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("rulecheck")
    }()

    /// `rulecheck-lite`, the command without its server (what `make demo` builds), beside it.
    static let liteBinary = binary.deletingLastPathComponent().appendingPathComponent("rulecheck-lite")

    /// Why a command cannot run in this process.
    struct InProcessRefusal: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `rulecheck arguments` in this process, as ``RuleCheckCommand/run(_:streams:)``, with
    /// standard output (or `stdout`, a file of the caller's) and standard error captured.
    /// Relative paths are read from the package's root, as a run of the executable does: when
    /// the tests run elsewhere, the executable runs instead. Standard input is the test
    /// process's own, so a command that reads `-` goes through ``runProcess(_:stdin:environment:stdout:)``.
    @discardableResult
    static func run(_ arguments: [String], stdout: FileHandle? = nil) throws -> CLIRun {
        if arguments.contains("-") {
            throw InProcessRefusal(description: "rulecheck \(arguments): reads standard input; use CLI.runProcess(_:stdin:)")
        }
        guard runsFromRoot else { return try runProcess(arguments, stdout: stdout) }
        let output = try CapturedOutput()
        let error = try CapturedOutput()
        // 80 columns, as ArgumentParser wraps help for output that is no terminal.
        let streams = StandardStreams(output: stdout?.fileDescriptor ?? output.descriptor, error: error.descriptor, columns: 80)
        let status = RuleCheckCommand.run(arguments, streams: streams)
        let outputData = stdout == nil ? try output.contents() : Data()
        return CLIRun(
            status: status, killedBySignal: false, stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: try error.contents(), as: UTF8.self), stdoutBytes: outputData)
    }

    /// Whether this process's working directory is the package's root, where the executable runs.
    static let runsFromRoot: Bool =
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().path
        == root.resolvingSymlinksInPath().path

    /// A process of `executable` for `arguments`, not started; standard output and error are
    /// pipes unless given.
    static func process(
        _ arguments: [String], environment: [String: String] = [:], stdout: FileHandle? = nil, executable: URL = binary
    ) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = root
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = stdout ?? Pipe()
        process.standardError = Pipe()
        process.standardInput = Pipe()
        return process
    }

    /// Runs the `rulecheck` executable (or `executable`) with `arguments` to its end, with `stdin`
    /// as its standard input.
    @discardableResult
    static func runProcess(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
        stdout: FileHandle? = nil, executable: URL = binary
    ) throws -> CLIRun {
        let process = process(arguments, environment: environment, stdout: stdout, executable: executable)
        try process.run()
        return try finish(process, stdin: stdin)
    }

    @discardableResult
    static func runProcess(_ arguments: [String], stdin: String, environment: [String: String] = [:]) throws -> CLIRun {
        try runProcess(arguments, stdin: Data(stdin.utf8), environment: environment)
    }

    /// Writes `stdin` (then closes it), reads both output pipes to their end, and waits.
    static func finish(_ process: Process, stdin: Data? = nil) throws -> CLIRun {
        if let input = process.standardInput as? Pipe {
            if let stdin { input.fileHandleForWriting.write(stdin) }
            try input.fileHandleForWriting.close()
        }
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        nonisolated(unsafe) var errorData = Data()
        let errors = (process.standardError as? Pipe)?.fileHandleForReading
        let reader = Thread { errorData = errors?.readDataToEndOfFile() ?? Data() }
        reader.start()
        let outputData = (process.standardOutput as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        process.waitUntilExit()
        while !reader.isFinished { usleep(1_000) }
        return CLIRun(
            status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal,
            stdout: String(decoding: outputData, as: UTF8.self), stderr: String(decoding: errorData, as: UTF8.self),
            stdoutBytes: outputData)
    }
}

/// What a command run in process writes to one of its streams: a temporary file, removed at
/// once (only its descriptor is kept), read back when the command is done.
final class CapturedOutput {
    let descriptor: Int32

    init() throws {
        var template = Array((FileManager.default.temporaryDirectory.path + "/rulecheck-output-XXXXXX").utf8CString)
        descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            throw CLI.InProcessRefusal(description: "cannot create a temporary file: \(String(cString: strerror(errno)))")
        }
        unlink(template)
    }

    deinit {
        close(descriptor)
    }

    /// Everything written so far.
    func contents() throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw CLI.InProcessRefusal(description: "cannot read a captured output: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[..<count])
            offset += off_t(count)
        }
    }
}
