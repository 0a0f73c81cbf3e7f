import AppContract
import NetTools
import Platform
import Foundation
import ScanKit
import Wire
import AppInputs

/// NetMonitor's `PingService` (spec §5.1) inside the app: ICMP echo on a datagram socket or
/// TCP connects to 443/80/22 (each connect holding a slot of the app's one budget), replies
/// handled on the strategy's executor and timed there (`callback`) or by the kernel. Under
/// `icmp_rcvtimeo` the echo is NetDiag+'s (seed 003:21-45), sent and read by NetTools'
/// `MarkedICMPEcho` as `scanbench ping` does, with its `SO_RCVTIMEO` wait.
struct PingService: Sendable {
    var settings: Strategy.Ping
    var callbacks: CallbackQueue
    var budget: any ConnectionBudget
    var interface: String?
    var events: (any EventSink)?

    /// Pings `target` `count` times, `intervalMs` between starts; stops early when cancelled.
    func run(_ target: IPv4Address, count: Int, intervalMs: Int) async -> SessionReport.PingRun {
        var run = SessionReport.PingRun(
            target: target.description,
            method: settings.method.rawValue,
            timestamps: settings.timestamps.rawValue
        )
        var socket: Socket?
        if settings.method != .tcp {
            do {
                socket = try Socket.icmpDatagram()
            } catch {
                run.error = "cannot open an ICMP datagram socket: \(error)"
                return run
            }
        }
        defer { socket?.close() }
        // The report names the timestamps the RTTs were taken from: kernel ones the socket refused
        // are callback ones, not silently "kernel".
        if let socket, settings.timestamps == .kernel, (try? socket.enableTimestamps()) == nil {
            run.timestamps = Strategy.PingTimestamps.callback.rawValue
        }
        // NetDiag+ matches on sequence and a payload marker of its own (003:21, 28, 33-36).
        let marker = settings.method == .icmpRcvtimeo ? MarkedICMPEcho.makeMarker() : nil
        for sequence in 1...count {
            if Task.isCancelled { run.cancelled = true; break }
            let started = MonotonicClock.now()
            let reply =
                if let socket { await echo(socket, target, sequence: sequence, marker: marker) } else {
                    await connect(target, sequence: sequence)
                }
            run.replies.append(reply)
            if sequence < count {
                do { try await MonotonicClock.sleep(until: started + UInt64(intervalMs) * 1_000_000) } catch {
                    run.cancelled = true; break
                }
            }
        }
        return run
    }

    /// One echo: drain stale replies, send, wait on a blocking reader thread (NetMonitor's
    /// `ICMPSocket` reads on its own serial queue), then hand the reply to the executor. With a
    /// `marker` (NetDiag+), the payload carries it and the reader blocks in `recvfrom` under
    /// `SO_RCVTIMEO` (NetTools' `MarkedICMPEcho.awaitReply`, `.receiveTimeout`).
    private func echo(
        _ socket: Socket,
        _ target: IPv4Address,
        sequence: Int,
        marker: [UInt8]?
    ) async -> SessionReport.PingReply {
        while (try? socket.receive()) != nil {}
        let wireSequence = UInt16(truncatingIfNeeded: sequence)
        let sentUnix = RealtimeClock.now()
        let sentMono = MonotonicClock.now()
        var reply = SessionReport.PingReply(sequence: sequence, sentUnixNs: sentUnix, method: "icmp")
        let packet =
            marker.map { MarkedICMPEcho.request(sequence: wireSequence, marker: $0) }
            ?? ICMPEcho.request(sequence: wireSequence)
        do {
            try socket.send(packet, to: target, port: 0)
        } catch {
            reply.error = "\(error)"
            return reply
        }
        events?.record(
            .packetSent(
                .init(phase: ScanEvent.toolPhase("ping"), kind: .icmpEcho, ip: target, port: nil, bytes: packet.count)
            )
        )
        let (timeoutMs, callbacks, timestamps) = (settings.timeoutMs, callbacks, settings.timestamps)
        let rtt: Double? = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let datagram: Socket.Datagram? =
                    if let marker {
                        MarkedICMPEcho.awaitReply(
                            on: socket,
                            from: target,
                            sequence: wireSequence,
                            marker: marker,
                            timeout: Double(timeoutMs) / 1000,
                            wait: .receiveTimeout
                        )?.datagram
                    } else {
                        Self.awaitReply(on: socket, from: target, sequence: wireSequence, timeoutMs: timeoutMs)
                    }
                guard let datagram else { return continuation.resume(returning: nil) }
                let complete: @Sendable () -> Void = {
                    let kernel = datagram.kernelTime.map { Double($0 - sentUnix) / 1e6 }
                    let callback = Double(MonotonicClock.now() - sentMono) / 1e6
                    continuation.resume(returning: timestamps == .kernel ? (kernel ?? callback) : callback)
                }
                // This reader is the ping's own blocking queue: with a dedicated executor the
                // reply is timed right here, after recv (NetMonitor's ICMPSocket); with the
                // shared pool it waits for a pool thread first.
                if callbacks.isDedicated { complete() } else { callbacks.run(complete) }
            }
        }
        reply.rttMs = rtt
        if rtt == nil { reply.error = "timeout" }
        return reply
    }

    /// NetMonitor's reply from `target` to echo `sequence` (matched on the sequence alone), read
    /// by `poll` until `timeoutMs` after the call; nil at the timeout.
    private static func awaitReply(
        on socket: Socket,
        from target: IPv4Address,
        sequence: UInt16,
        timeoutMs: Int
    ) -> Socket.Datagram? {
        let deadline = MonotonicClock.now() + UInt64(timeoutMs) * 1_000_000
        while MonotonicClock.now() < deadline {
            let left = Int((deadline - MonotonicClock.now()) / 1_000_000) + 1
            guard !socket.wait(for: .readable, milliseconds: left).isEmpty, let datagram = try? socket.receive()
            else { continue }
            if datagram.source == target, ICMPEcho.replySequence(datagram.bytes) == sequence { return datagram }
        }
        return nil
    }

    /// One TCP attempt: every port at once, each in a budget slot; the first handshake or
    /// refusal wins and the others are cancelled; all failing is a loss.
    private func connect(_ target: IPv4Address, sequence: Int) async -> SessionReport.PingReply {
        var reply = SessionReport.PingReply(sequence: sequence, sentUnixNs: RealtimeClock.now(), method: "tcp")
        let probes = settings.tcpPorts.map { port in
            var probe = PortProbe(
                ip: target,
                port: port,
                timeoutMs: Double(settings.timeoutMs),
                waitingPolicy: .inspectError,
                interface: interface,
                phase: ScanEvent.toolPhase("ping"),
                events: events
            )
            probe.callbacks = callbacks
            probe.timestamps = settings.timestamps
            return probe
        }
        let budget = self.budget
        let winner = await withTaskGroup(of: (Int, PortProbeOutcome).self) { group -> (Int, Double)? in
            for probe in probes {
                group.addTask {
                    let outcome = (try? await budget.withConnectionSlot { await probe.run() }) ?? .cancelled
                    return (probe.port, outcome)
                }
            }
            for await (port, outcome) in group {
                switch outcome {
                case .reachable(let ms), .refused(let ms):
                    group.cancelAll()
                    return (port, ms)
                default: continue
                }
            }
            return nil
        }
        if let (port, ms) = winner {
            reply.rttMs = ms
            reply.method = "tcp:\(port)"
        } else {
            reply.error = "timeout"
        }
        return reply
    }
}
