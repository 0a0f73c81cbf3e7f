import AppContract
import Platform

import Foundation
import Wire
import AppInputs

/// The ICMP latency sweep (`icmp_latency`, spec §2.6): one unprivileged datagram ICMP socket,
/// every echo request sent first, then replies collected until all answered or the window
/// closes, matched by sequence. RTT uses the kernel's receive timestamp (`SO_TIMESTAMPNS`) when
/// available, so a busy scanner does not inflate it; otherwise the time `recvmsg` returned.
/// If the socket cannot be made (GID outside `net.ipv4.ping_group_range`) the phase does nothing.
public struct ICMPLatencyPhase: ScanPhase {
    public let id = PhaseKind.icmpLatency.rawValue
    public let displayName = PhaseKind.icmpLatency.displayName
    public let weight = PhaseKind.icmpLatency.weight
    public var settings: Strategy.ICMP
    /// Sends to every target and collects replies for `windowMs` on the calling thread (the
    /// phase's own); returns RTTs in ms by address.
    public typealias Sweep =
        @Sendable (
            _ targets: [IPv4Address], _ windowMs: Int, _ interface: String?,
            _ events: (any EventSink)?, _ phase: String
        ) -> [IPv4Address: Double]
    private let sweeper: Sweep

    /// - Parameters:
    ///   - settings: the strategy's `icmp` section.
    ///   - sweeper: the send-and-collect loop (`sweep`; tests run it where ICMP sockets are allowed).
    public init(
        settings: Strategy.ICMP,
        sweeper: @escaping Sweep = { sweep($0, windowMs: $1, interface: $2, events: $3, phase: $4) }
    ) {
        self.settings = settings
        self.sweeper = sweeper
    }

    public func execute(
        context: ScanContext,
        accumulator: ScanAccumulator,
        progress: @escaping @Sendable (Double) -> Void
    ) async {
        progress(0)
        let targets =
            settings.latency == .overwrite ? await accumulator.allDeviceIPs : await accumulator.ipsWithoutLatency
        guard !targets.isEmpty else {
            progress(1)
            return
        }
        let window = settings.timeoutMs
        let interface = context.interface
        let events = context.events
        let phase = id
        let sweeper = sweeper
        // Blocking I/O (poll) runs off the cooperative pool, as NetMonitor's serial queue did.
        let replies: [IPv4Address: Double] = await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: sweeper(targets, window, interface, events, phase))
            }
            thread.start()
        }
        for (ip, ms) in replies {
            if settings.latency == .overwrite {
                await accumulator.replaceLatency(ip, ms: ms, source: .icmp)
            } else {
                await accumulator.updateLatency(ip, ms: ms, source: .icmp)
            }
        }
        progress(1)
    }

    /// Sends to every target, then collects for up to `windowMs`; returns RTTs in ms by address.
    /// A socket that cannot open or bind, or a send that fails, is a `send_failed` per target.
    public static func sweep(
        _ targets: [IPv4Address],
        windowMs: Int,
        interface: String?,
        events: (any EventSink)?,
        phase: String
    ) -> [IPv4Address: Double] {
        let fd: Int32
        do { fd = try SocketSystem.openDatagram(protocol: SocketSystem.icmpProtocol, interface: interface) } catch {
            for ip in targets {
                events?.record(
                    .sendFailed(.init(phase: phase, kind: .icmpEcho, ip: ip, port: nil, error: error.errno.name))
                )
            }
            return [:]
        }
        defer { SocketSystem.close(fd) }
        let kernelStamps = SocketSystem.enableReceiveTimestamps(fd)
        var sent: [UInt16: (ip: IPv4Address, realtime: UInt64, monotonic: UInt64)] = [:]
        for (index, ip) in targets.enumerated() {
            let sequence = ICMPEcho.sequence(forIndex: index)
            let packet = ICMPEcho.request(sequence: sequence)
            let realtime = SocketSystem.realtimeNow()
            let monotonic = MonotonicClock.now()
            let result = SocketSystem.send(fd, packet, to: ip, port: 0)
            if result == packet.count {
                sent[sequence] = (ip, realtime, monotonic)
                events?.record(
                    .packetSent(.init(phase: phase, kind: .icmpEcho, ip: ip, port: nil, bytes: packet.count))
                )
            } else {
                events?.record(
                    .sendFailed(
                        .init(
                            phase: phase,
                            kind: .icmpEcho,
                            ip: ip,
                            port: nil,
                            error: Errno(rawValue: Int32(-result)).name
                        )
                    )
                )
            }
        }
        var replies: [IPv4Address: Double] = [:]
        let deadline = MonotonicClock.now() &+ UInt64(windowMs) * 1_000_000
        while replies.count < sent.count {
            let now = MonotonicClock.now()
            guard now < deadline else { break }
            let wait = Int32(min((deadline - now) / 1_000_000 + 1, 200))
            guard SocketSystem.waitReadable(fd, timeoutMs: wait) else { continue }
            while let datagram = SocketSystem.receive(fd, capacity: 256) {
                let receivedMonotonic = MonotonicClock.now()
                guard let sequence = ICMPEcho.replySequence(datagram.bytes), let request = sent[sequence],
                    request.ip == datagram.sender, replies[request.ip] == nil
                else { continue }
                let rttNs: UInt64
                if kernelStamps, let stamp = datagram.kernelRealtimeNs, stamp >= request.realtime {
                    rttNs = stamp - request.realtime
                } else {
                    rttNs = receivedMonotonic &- request.monotonic
                }
                replies[request.ip] = Double(rttNs) / 1_000_000
            }
        }
        return replies
    }
}
