import Foundation
import _RuleCheckTestSupport

/// What a run of the built `rulecheck` printed, and how it ended.
struct CLIRun {
    let status: Int32
    /// Whether the process ended by a signal (then `status` is the signal's number).
    let killedBySignal: Bool
    let stdout: String
    let stderr: String
    let stdoutBytes: Data
}

/// Runs the `rulecheck` executable built next to the test bundle, from the package's root.
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

    /// A process for `arguments`, not started; standard output and error are pipes unless given.
    static func process(_ arguments: [String], environment: [String: String] = [:], stdout: FileHandle? = nil) -> Process {
        let process = Process()
        process.executableURL = binary
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

    /// Runs `rulecheck arguments` to its end, with `stdin` as its standard input.
    @discardableResult
    static func run(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
        stdout: FileHandle? = nil
    ) throws -> CLIRun {
        let process = process(arguments, environment: environment, stdout: stdout)
        try process.run()
        return try finish(process, stdin: stdin)
    }

    @discardableResult
    static func run(_ arguments: [String], stdin: String, environment: [String: String] = [:]) throws -> CLIRun {
        try run(arguments, stdin: Data(stdin.utf8), environment: environment)
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
