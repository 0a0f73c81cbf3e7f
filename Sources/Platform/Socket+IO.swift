#if canImport(Glibc)
import Glibc
#endif
import Wire

/// Sending, receiving and waiting.
extension Socket {
    /// One datagram read from the socket, with the kernel's receive time when it gave one.
    public struct Datagram: Sendable {
        public var bytes: [UInt8]
        public var source: IPv4Address
        public var sourcePort: UInt16
        /// Kernel receive timestamp (CLOCK_REALTIME nanoseconds, `SO_TIMESTAMPNS`), if any.
        public var kernelTime: Int64?
        /// The sender as one address.
        public var sender: Address { Address(ip: source, port: sourcePort) }
    }

    /// What one read on a stream socket gave.
    public enum StreamRead: Sendable, Equatable {
        /// Some bytes (never empty).
        case bytes([UInt8])
        /// The peer closed its side.
        case endOfStream
        /// Nothing yet: a non-blocking read found none, or a blocking one timed out (`SO_RCVTIMEO`).
        case nothingYet
    }

    // MARK: Datagrams

    /// Sends one datagram to `destination` (never raising SIGPIPE).
    public func send(_ bytes: [UInt8], to destination: Address) throws(SystemError) {
        let sent = bytes.withUnsafeBytes { buffer in
            destination.withSockaddr {
                sendto(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL), $0, $1)
            }
        }
        guard sent >= 0 else { throw SystemError("sendto \(destination)") }
    }

    /// Sends one datagram to `ip:port`.
    public func send(_ bytes: [UInt8], to ip: IPv4Address, port: UInt16) throws(SystemError) {
        try send(bytes, to: Address(ip: ip, port: port))
    }

    /// Receives one datagram with its kernel timestamp; nil when none is queued, the call was
    /// interrupted, or (`waiting`) a receive timeout passed.
    /// - Parameter waiting: block until one arrives (else `MSG_DONTWAIT`).
    public func receive(maximum: Int = 2048, waiting: Bool = false) throws(SystemError) -> Datagram? {
        guard let message = try receiveMessage(maximum: maximum, flags: waiting ? 0 : Int32(MSG_DONTWAIT)) else {
            return nil
        }
        return Datagram(
            bytes: message.bytes,
            source: message.source.ip,
            sourcePort: message.source.port,
            kernelTime: message.control.kernelTime
        )
    }

    /// Takes one error from the socket's error queue (nil when it is empty).
    public func receiveError() throws(SystemError) -> QueuedError? {
        let flags = Int32(MSG_ERRQUEUE) | Int32(MSG_DONTWAIT)
        guard let message = try receiveMessage(maximum: 2048, flags: flags), var error = message.control.queuedError
        else { return nil }
        error.payload = message.bytes
        error.kernelTime = message.control.kernelTime
        return error
    }

    private func receiveMessage(
        maximum: Int,
        flags: Int32
    ) throws(SystemError) -> (bytes: [UInt8], source: Address, control: ControlMessages)? {
        var buffer = [UInt8](repeating: 0, count: maximum)
        var control = [UInt8](repeating: 0, count: 512)
        var address = sockaddr_in()
        var count = 0
        var controlLength = 0
        buffer.withUnsafeMutableBytes { data in
            control.withUnsafeMutableBytes { controlBytes in
                withUnsafeMutablePointer(to: &address) { addressPointer in
                    var vector = iovec(iov_base: data.baseAddress, iov_len: data.count)
                    withUnsafeMutablePointer(to: &vector) { vectorPointer in
                        var header = msghdr()
                        header.msg_name = UnsafeMutableRawPointer(addressPointer)
                        header.msg_namelen = socklen_t(MemoryLayout<sockaddr_in>.size)
                        header.msg_iov = vectorPointer
                        header.msg_iovlen = 1
                        header.msg_control = controlBytes.baseAddress
                        header.msg_controllen = controlBytes.count
                        count = recvmsg(descriptor, &header, flags)
                        controlLength = header.msg_controllen
                    }
                }
            }
        }
        if count < 0 {
            let error = Errno.current
            if error.isTransient { return nil }
            throw SystemError("recvmsg", errno: error)
        }
        return (Array(buffer[0..<count]), Address(address), ControlMessages(control.prefix(controlLength)))
    }

    // MARK: Streams

    /// Writes every byte on a connected stream socket (never raising SIGPIPE); on a non-blocking
    /// socket waits up to a second at a time for room.
    public func write(_ bytes: [UInt8]) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                let error = Errno.current
                if error == .interrupted { continue }
                if error == .wouldBlock { _ = wait(for: .writable, milliseconds: 1000); continue }
                throw SystemError("send", errno: error)
            }
            offset += written
        }
    }

    /// Reads what is available on a stream socket, up to `maximum` bytes.
    /// - Parameter waiting: block until something arrives or the receive timeout passes (else `MSG_DONTWAIT`).
    public func read(maximum: Int = 16384, waiting: Bool) throws(SystemError) -> StreamRead {
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = buffer.withUnsafeMutableBytes {
                Glibc.recv(descriptor, $0.baseAddress, maximum, waiting ? 0 : Int32(MSG_DONTWAIT))
            }
            if count > 0 { return .bytes(Array(buffer.prefix(count))) }
            if count == 0 { return .endOfStream }
            let error = Errno.current
            if error == .interrupted && waiting { continue }
            if error.isTransient { return .nothingYet }
            throw SystemError("recv", errno: error)
        }
    }

    // MARK: Waiting

    /// Waits up to `milliseconds` for `events`; returns those that fired (with `.error` and
    /// `.hangUp`, which the kernel reports unasked), empty on timeout. Restarts after a signal.
    public func wait(for events: PollEvents, milliseconds: Int) -> PollEvents {
        Self.wait([self], for: events, milliseconds: milliseconds)[0]
    }

    /// Waits on several sockets at once; returns each one's fired events (empty when none).
    public static func wait(_ sockets: [Socket], for events: PollEvents, milliseconds: Int) -> [PollEvents] {
        var entries = sockets.map { pollfd(fd: $0.descriptor, events: events.rawValue, revents: 0) }
        while true {
            let result = entries.withUnsafeMutableBufferPointer {
                poll($0.baseAddress, nfds_t($0.count), Int32(clamping: max(0, milliseconds)))
            }
            if result < 0 && Errno.current == .interrupted { continue }
            return result > 0
                ? entries.map { PollEvents(rawValue: $0.revents) } : Array(repeating: [], count: sockets.count)
        }
    }
}
