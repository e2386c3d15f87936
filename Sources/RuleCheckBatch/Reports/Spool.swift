import Foundation
import RuleCheck

/// A temporary file that a report appends to while it streams and copies out at the end, so
/// that totals can come first while memory stays bounded.
///
/// The file never has a name anyone can see once the spool exists: on Linux it is opened with
/// `O_TMPFILE` (no name at all); elsewhere, or where the file system does not support that, it
/// is made with `mkstemp` and unlinked at once. It lives on as an open descriptor only, so nothing
/// is left in the temporary directory whatever ends the process (a signal, a crash). The directory
/// is `TMPDIR`'s (else `/tmp`); a failure to create, write or read the file is an ``OutputError``.
///
/// A report to a memory sink (the server's), where all of it ends up anyway, spools in memory.
final class Spool {
    /// The file, or nil when spooling in memory.
    private let descriptor: Int32?
    private let directory: String
    private var pending: [UInt8] = []
    private(set) var isEmpty = true

    init(inMemory: Bool = false) throws(OutputError) {
        directory = FileManager.default.temporaryDirectory.path
        if inMemory {
            descriptor = nil
            return
        }
        guard let descriptor = Self.openAnonymous(in: directory) ?? Self.openAndUnlink(in: directory) else {
            throw OutputError(
                "cannot create a temporary file for the report in '\(VisibleText.escaped(directory))': "
                    + "\(SystemError(code: errno)) (set TMPDIR to a writable directory)")
        }
        self.descriptor = descriptor
    }

    /// A file without a name (Linux `O_TMPFILE`), or nil.
    private static func openAnonymous(in directory: String) -> Int32? {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        // O_TMPFILE is `__O_TMPFILE | O_DIRECTORY`, with __O_TMPFILE 020000000 on these
        // architectures; Swift does not import the macro.
        let descriptor = open(directory, 0o20000000 | O_DIRECTORY | O_RDWR | O_CLOEXEC, 0o600)
        return descriptor >= 0 ? descriptor : nil
        #else
        return nil
        #endif
    }

    /// A file made with `mkstemp` and unlinked at once, or nil (with `errno` set).
    private static func openAndUnlink(in directory: String) -> Int32? {
        var template = Array((directory + "/rulecheck-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else { return nil }
        template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return descriptor
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    func write(_ text: String) throws(OutputError) {
        isEmpty = false
        pending.append(contentsOf: text.utf8)
        if descriptor != nil, pending.count >= 1 << 16 { try flushPending() }
    }

    private func flushPending() throws(OutputError) {
        guard let descriptor, !pending.isEmpty else { return }
        if let error = pending.withUnsafeBytes({ SystemWrite.all($0, to: descriptor) }) {
            throw failure("write", error)
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Copies everything written so far to `sink`, then empties the spool.
    func drain(into sink: OutputSink) throws(OutputError) {
        guard let descriptor else {
            try sink.write(bytes: pending)
            pending.removeAll(keepingCapacity: true)
            isEmpty = true
            return
        }
        try flushPending()
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw failure("read", SystemError(code: errno)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("read", SystemError(code: errno))
            }
            if count == 0 { break }
            try sink.write(bytes: chunk[..<count])
        }
        guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw failure("empty", SystemError(code: errno))
        }
        isEmpty = true
    }

    private func failure(_ verb: String, _ error: SystemError) -> OutputError {
        OutputError("cannot \(verb) the report's temporary file in '\(VisibleText.escaped(directory))': \(error)")
    }
}
