#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads a whole file with `read(2)`, at most `limit` bytes: the one reader of rules files, the
/// files they include and UI schemas.
///
/// ```swift
/// switch FileBytes.read("Rules/osago.yaml", limit: RulesLoader.maxBytes) { … }
/// ```
///
/// A regular file longer than the limit is refused by its size, before anything of it is read;
/// pipes and devices (`/dev/stdin`, `<(…)`) are read until the limit. `-` is standard input.
package enum FileBytes {
    /// Why a file was not read.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// The system's words: `No such file or directory`, `Is a directory`.
        case system(String)
        /// Longer than the limit.
        case tooLong(limit: Int)
        /// A pipe, a device or a socket where only a regular file will do.
        case notRegular

        package var description: String {
            switch self {
            case .system(let message): message
            case .tooLong(let limit): "it is longer than \(limit) bytes"
            case .notRegular: "it is not a regular file"
            }
        }
    }

    /// The bytes of the file at `path`.
    ///
    /// - Parameters:
    ///   - regularOnly: refuse anything but a regular file (without waiting for a pipe's writer).
    ///   - noFollow: refuse a symbolic link as the last component (a path already resolved).
    package static func read(_ path: String, limit: Int, regularOnly: Bool = false, noFollow: Bool = false) -> Result<[UInt8], Failure> {
        let descriptor: Int32
        if path == "-" {
            descriptor = 0
        } else {
            // Non-blocking, so that opening a FIFO does not wait for a writer; reads of a regular
            // file do not block either way.
            var flags = O_RDONLY | O_CLOEXEC
            if regularOnly { flags |= O_NONBLOCK }
            if noFollow { flags |= O_NOFOLLOW }
            descriptor = open(path, flags)
            guard descriptor >= 0 else { return .failure(.system(message(errno))) }
        }
        defer { if path != "-" { close(descriptor) } }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.system(message(errno))) }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFDIR { return .failure(.system(message(EISDIR))) }
        var bytes: [UInt8] = []
        if kind == S_IFREG {
            guard status.st_size <= limit else { return .failure(.tooLong(limit: limit)) }
            bytes.reserveCapacity(Int(status.st_size))
        } else if regularOnly {
            return .failure(.notRegular)
        }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let count = systemRead(descriptor, chunk.baseAddress, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(message(errno)))
            }
            if count == 0 { return .success(bytes) }
            // A regular file that grew since its size was read is held to the limit too.
            guard bytes.count + count <= limit else { return .failure(.tooLong(limit: limit)) }
            bytes += chunk[..<count]
        }
    }

    /// The system's words for an `errno` value.
    package static func message(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

#if canImport(Darwin)
private let systemRead = Darwin.read
#elseif canImport(Glibc)
private let systemRead = Glibc.read
#else
private let systemRead = Musl.read
#endif
