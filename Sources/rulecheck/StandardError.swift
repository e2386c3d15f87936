#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard error as a `TextOutputStream`, for `print(…, to: &stderr)`.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var text = string
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = unistd_write(2, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

#if canImport(Darwin)
private let unistd_write = Darwin.write
#elseif canImport(Glibc)
private let unistd_write = Glibc.write
#else
private let unistd_write = Musl.write
#endif
