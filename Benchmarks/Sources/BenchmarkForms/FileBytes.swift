// Reading a whole file into bytes, before anything is timed.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read.
public struct FileReadError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "cannot read \(path): \(reason)" }
}

/// The bytes of the file at `path`.
public func readFileBytes(_ path: String) throws(FileReadError) -> [UInt8] {
    guard let file = fopen(path, "rb") else {
        throw FileReadError(path: path, reason: String(cString: strerror(errno)))
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count == 0 { break }
        bytes += chunk[..<count]
    }
    if ferror(file) != 0 { throw FileReadError(path: path, reason: "read error") }
    return bytes
}
