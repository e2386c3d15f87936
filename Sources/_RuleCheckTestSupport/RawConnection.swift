import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection to a loopback address held open by a test: it sends what it is told, when it
/// is told, and reads what comes back — for what a browser never does (headers sent a line at a
/// time, a connection left idle, a malformed chunk, a body cut halfway). The server tests and the
/// `rulecheck serve` tests share it.
public final class RawConnection: @unchecked Sendable {  // used by one test at a time
    public let descriptor: Int32

    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// Connects to `address` (127.0.0.1 unless given); reads wait at most `readTimeout` seconds (a
    /// test that waits for the server to close the connection gives up then, rather than
    /// hanging). Long, because with the whole suite running on two cores the server's answers can
    /// wait seconds for a thread.
    ///
    /// `receiveBuffer`: the socket's receive buffer, set before it connects (small: a client that
    /// takes little of what the server sends).
    public init(port: Int, address: String = "127.0.0.1", readTimeout: Int = 60, receiveBuffer: Int32? = nil) throws {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var timeout = timeval(tv_sec: readTimeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, socklen_t(MemoryLayout<Int32>.size))
        }
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = in_port_t(UInt16(port).bigEndian)
        socketAddress.sin_addr.s_addr = inet_addr(address)
        let connected = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let error = errno
            close(descriptor)
            throw Failure(description: "connect to \(address):\(port): errno \(error)")
        }
    }

    deinit { close(descriptor) }

    /// Sends all of `text`; false when the server has closed the connection.
    @discardableResult
    public func send(_ text: String) -> Bool {
        send(Array(text.utf8))
    }

    /// Sends all of `bytes`; false when the server has closed the connection.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            #if canImport(Glibc)
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            #else
            let count = bytes[sent...].withUnsafeBytes { Darwin.send(descriptor, $0.baseAddress, $0.count, 0) }
            #endif
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// What the server sends until it closes the connection; `closed` is false when the read
    /// timeout passed first (or the read failed otherwise).
    public func readToEnd() -> (text: String, closed: Bool) {
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return (String(decoding: answer, as: UTF8.self), true) }
            if count < 0 { return (String(decoding: answer, as: UTF8.self), errno == ECONNRESET) }
            answer += buffer[..<count]
        }
    }

    /// Whether the server has closed the connection, looking without waiting.
    public var isClosedByServer: Bool {
        var probe = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&probe, 1, 0) > 0 else { return false }
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK))
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }
}
