import Platform
import Wire

/// How a ping waits for its echo reply on a datagram ICMP socket.
public enum ICMPReplyWait: String, Sendable, Codable, CaseIterable {
    /// `poll(2)` until the attempt's deadline; datagrams that are not the reply do not extend it
    /// (`scanbench ping`).
    case poll
    /// NetDiag+'s: a blocking `recvfrom` bounded by `SO_RCVTIMEO` set to the timeout (seed 003:37-45);
    /// a datagram that is not the reply is skipped and the next `recvfrom` waits the whole timeout
    /// again (003:33-36 `else { continue }`), and `EAGAIN` is the timeout (003:45).
    case receiveTimeout = "rcvtimeo"
}

extension MarkedICMPEcho {
    /// Waits on `socket` for the reply from `ip` to echo `sequence` that carries `marker`.
    /// - Parameters:
    ///   - timeout: seconds: the attempt's deadline (`.poll`) or each `recvfrom`'s bound (`.receiveTimeout`).
    ///   - wait: how to wait (``ICMPReplyWait``).
    /// - Returns: the reply and the realtime clock when the wait returned (nanoseconds), or nil at
    ///   the timeout.
    public static func awaitReply(
        on socket: Socket,
        from ip: IPv4Address,
        sequence: UInt16,
        marker: [UInt8],
        timeout: Double,
        wait: ICMPReplyWait
    ) -> (datagram: Socket.Datagram, arrived: Int64)? {
        func isReply(_ datagram: Socket.Datagram) -> Bool {
            datagram.source == ip && replySequence(datagram.bytes, marker: marker) == sequence
        }
        switch wait {
        case .poll:
            let deadline = MonotonicClock.signedNow() + Int64(timeout * 1e9)
            while true {
                let left = deadline - MonotonicClock.signedNow()
                if left <= 0 { return nil }
                guard !socket.wait(for: .readable, milliseconds: Int((left + 999_999) / 1_000_000)).isEmpty else {
                    continue
                }
                let arrived = RealtimeClock.now()
                guard let datagram = try? socket.receive(), isReply(datagram) else { continue }
                return (datagram, arrived)
            }
        case .receiveTimeout:
            socket.setReceiveTimeout(seconds: timeout)
            while true {
                // nil: EAGAIN after SO_RCVTIMEO (or an interrupted call), NetDiag+'s SocketError.timeout.
                guard let datagram = try? socket.receive(waiting: true) else { return nil }
                let arrived = RealtimeClock.now()
                if isReply(datagram) { return (datagram, arrived) }
            }
        }
    }
}
