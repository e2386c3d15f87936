#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads a file descriptor with `read(2)`; owns (and closes) descriptors it opened itself. The
/// one streaming reader of files named on the command line: exports, and `replay`'s edits.
///
/// ```swift
/// let source = try FileByteSource(path: "data.csv")   // or "-" for standard input
/// ```
package final class FileByteSource: ByteSource {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let path: String
    let totalSize: Int64?

    /// Opens `path` for reading; `-` means standard input (which is not closed afterwards).
    package convenience init(path: String) throws(InputError) {
        if path == "-" {
            try self.init(descriptor: 0, path: path, ownsDescriptor: false)
            return
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw InputError(code: .cannotOpen, path: path, message: Self.systemMessage(errno))
        }
        try self.init(descriptor: descriptor, path: path, ownsDescriptor: true)
    }

    /// Reads an already open descriptor.
    init(descriptor: Int32, path: String, ownsDescriptor: Bool) throws(InputError) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let message = Self.systemMessage(errno)
            if ownsDescriptor { close(descriptor) }
            throw InputError(code: .cannotOpen, path: path, message: message)
        }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFDIR {
            if ownsDescriptor { close(descriptor) }
            throw InputError(code: .cannotOpen, path: path, message: Self.systemMessage(EISDIR))
        }
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
        self.path = path
        self.totalSize = kind == S_IFREG ? Int64(status.st_size) : nil
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Reads up to `buffer.count` bytes; 0 at the end of the file. `EINTR` is retried.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        while true {
            #if canImport(Darwin)
            let count = Darwin.read(descriptor, base, buffer.count)
            #elseif canImport(Glibc)
            let count = Glibc.read(descriptor, base, buffer.count)
            #else
            let count = Musl.read(descriptor, base, buffer.count)
            #endif
            if count >= 0 { return count }
            let code = errno
            if code == EINTR { continue }
            throw InputError(code: .cannotRead, path: path, message: Self.systemMessage(code))
        }
    }

    /// The system's text for an `errno` value, e.g. `No such file or directory`.
    static func systemMessage(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
