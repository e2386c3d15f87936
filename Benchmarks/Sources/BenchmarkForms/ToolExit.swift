// How a timing tool gives up: its message on standard error, exit status 2.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `message` and a line feed to standard error and exits with status 2 (a usage or
/// setup error of a timing tool, never a measurement).
public func fail(_ message: String) -> Never {
    let line = Array((message + "\n").utf8)
    var written = 0
    while written < line.count {
        let result = line.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return -1 }
            return write(2, base + written, buffer.count - written)
        }
        if result > 0 {
            written += result
        } else if result < 0 && errno == EINTR {
            continue
        } else {
            break
        }
    }
    exit(2)
}
