import RuleCheck

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A file named on the command line — a rules file, edits — read by streaming its descriptor
/// with `read(2)`, so that pipes (`<(…)`), `/dev/stdin` and other devices read like files; `-` is
/// standard input.
final class InputFile {
    /// Why a file could not be read: the system's words (`No such file or directory`) or a limit.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let descriptor: Int32
    private let owned: Bool

    init(path: String) throws(Failure) {
        if path == "-" {
            descriptor = 0
            owned = false
            return
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure(errno) }
        self.descriptor = descriptor
        owned = true
    }

    deinit {
        if owned { close(descriptor) }
    }

    /// Reads up to `buffer.count` bytes; 0 at the end of the file. `EINTR` is retried.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
        while true {
            let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw Self.failure(errno) }
        }
    }

    private static func failure(_ code: Int32) -> Failure {
        Failure(description: FileBytes.message(code))
    }
}

#if canImport(Darwin)
private let systemRead = Darwin.read
#elseif canImport(Glibc)
private let systemRead = Glibc.read
#else
private let systemRead = Musl.read
#endif
