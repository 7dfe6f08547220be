#if canImport(Glibc)
import Glibc
private let connectSocket = Glibc.connect
#elseif canImport(Darwin)
import Darwin
private let connectSocket = Darwin.connect
#endif
import Foundation

/// The POSIX socket calls the preview server (and its tests' client) make, with the Linux/Darwin
/// differences kept here. Everything is on 127.0.0.1.
public enum HTTPSocket {
    /// A socket call that failed, with what it means for the person starting the server.
    public struct Failure: Error, CustomStringConvertible {
        public let call: String
        public let code: Int32

        public var description: String {
            if call == "bind", code == EADDRINUSE { return "the port is already in use" }
            return "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
        }

        public var isAddressInUse: Bool { call == "bind" && code == EADDRINUSE }
    }

    /// What one read got.
    public enum Read {
        case bytes([UInt8])
        /// The peer closed the connection (or reset it).
        case closed
        /// Nothing arrived before the deadline.
        case timedOut
    }

    /// A TCP socket listening on 127.0.0.1 only, at `port` (0: a free port the OS picks).
    static func listenOnLoopback(port: UInt16, backlog: Int32) throws(Failure) -> Int32 {
        let fd = try newSocket()
        // NB: lets a restarted preview take its port back at once, while the old connections linger in TIME_WAIT.
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withLoopbackAddress(port) { bind(fd, $0, $1) }
        guard bound == 0 else {
            let code = errno
            _ = close(fd)
            throw Failure(call: "bind", code: code)
        }
        guard listen(fd, backlog) == 0 else {
            let code = errno
            _ = close(fd)
            throw Failure(call: "listen", code: code)
        }
        return fd
    }

    /// A TCP connection to 127.0.0.1:`port`, for clients (the preview's tests).
    public static func connect(toLoopbackPort port: UInt16) throws(Failure) -> Int32 {
        let fd = try newSocket()
        let connected = withLoopbackAddress(port) { connectSocket(fd, $0, $1) }
        guard connected == 0 else {
            let code = errno
            _ = close(fd)
            throw Failure(call: "connect", code: code)
        }
        return fd
    }

    private static func newSocket() throws(Failure) -> Int32 {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(call: "socket", code: errno) }
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return fd
    }

    /// Calls `body` with the address 127.0.0.1:`port`.
    private static func withLoopbackAddress(_ port: UInt16, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    /// The port a bound socket got.
    static func port(of fd: Int32) -> UInt16? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return result == 0 ? UInt16(bigEndian: address.sin_port) : nil
    }

    /// Whether `fd` has something to read (or a connection to accept) within `milliseconds`.
    public static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }

    /// Accepts one waiting connection; nil if none was waiting.
    static func accept(_ listener: Int32) -> Int32? {
        #if canImport(Glibc)
        let fd = Glibc.accept(listener, nil, nil)
        #else
        let fd = Darwin.accept(listener, nil, nil)
        #endif
        guard fd >= 0 else { return nil }
        // NB: a browser that stops reading must not block a writer for ever.
        var timeout = timeval()
        timeout.tv_sec = 10
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return fd
    }

    /// Up to `maximum` bytes, waiting at most until `deadline`.
    public static func read(_ fd: Int32, maximum: Int = 16 << 10, deadline: Date) -> Read {
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return .timedOut }
            guard waitReadable(fd, milliseconds: Int32(min(remaining * 1000, 60_000).rounded(.up))) else { continue }
            var buffer = [UInt8](repeating: 0, count: maximum)
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, maximum, 0) }
            if count > 0 { return .bytes(Array(buffer[0..<count])) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            return .closed
        }
    }

    /// Writes all of `bytes`; false if the peer went away or stopped reading. Never raises SIGPIPE.
    @discardableResult
    public static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in
                send(fd, raw.baseAddress.map { $0 + offset }, bytes.count - offset, flags)
            }
            if sent <= 0 {
                if sent < 0 && errno == EINTR { continue }
                return false
            }
            offset += sent
        }
        return true
    }

    /// Wakes any thread blocked on `fd` and tells the peer we are done.
    public static func shutdownBoth(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Tells the peer nothing more will be written; reading goes on.
    public static func shutdownWrite(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_WR))
    }

    public static func closeSocket(_ fd: Int32) {
        _ = close(fd)
    }
}
