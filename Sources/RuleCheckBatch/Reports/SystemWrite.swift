#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `write(2)` to the end of a buffer, as sinks and spools need it.
package enum SystemWrite {
    /// Writes all of `bytes` to `descriptor`: partial writes are continued, `EINTR` retried, and
    /// `EAGAIN` (a non-blocking descriptor) waited out with `poll(2)`.
    ///
    /// - Returns: the error of a write that failed, nil when everything was written.
    package static func all(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> SystemError? {
        guard var base = bytes.baseAddress else { return nil }
        var remaining = bytes.count
        while remaining > 0 {
            let written = write(descriptor, base, remaining)
            if written > 0 {
                base += written
                remaining -= written
                continue
            }
            let code = written < 0 ? errno : EIO
            switch code {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                var wait = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&wait, 1, -1)
            default:
                return SystemError(code: code)
            }
        }
        return nil
    }
}

/// An `errno` value and the system's text for it.
package struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    package let code: Int32

    /// E.g. `No space left on device`.
    package var description: String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
