import Platform
import Foundation
import Glibc
import Synchronization
import Wire
import TestbedPlatform

/// An Ethernet switch in user space joining TAP devices: MAC learning, flooding of broadcast,
/// multicast and unknown unicast, and per-link delay, jitter and loss (this kernel has no netem).
///
/// A frame from port A to port B waits A's uplink delay, is switched, then waits B's downlink
/// delay; each wait keeps FIFO order on its link. Loss applies to frames a host sends. ARP
/// replies a host sends can be held longer or dropped, to emulate sleepy phones. Every random
/// decision is drawn per frame from the seed, the port and what the frame is
/// (`ImpairmentDraws`), so one seed replays the same impairments run after run.
///
/// The switch runs on one dedicated thread (`run()`); `stop()` may be called from any thread.
public final class UserspaceSwitch: Sendable {
    private let state: Mutex<State>
    private let wake: WakeEvent

    struct State: Sendable {
        var ports: [SwitchPort]
        var macTable: [[UInt8]: Int] = [:]
        var identities = FrameIdentity()
        var running = true
    }

    /// Creates a switch over already-open TAP descriptors.
    /// - Parameters:
    ///   - ports: one (config, TAP fd) pair per port.
    ///   - seed: seed for jitter and loss decisions.
    /// - Throws: `SystemError` when the kernel gives no eventfd to wake the loop with.
    public init(ports: [(SwitchPortConfig, Int32)], seed: UInt64) throws(SystemError) {
        var built: [SwitchPort] = []
        for (index, (config, fd)) in ports.enumerated() {
            var port = SwitchPort(name: config.name, fd: fd, uplink: config.uplink, downlink: config.downlink,
                                  uplinkDraws: ImpairmentDraws(seed: seed, port: index, direction: .uplink),
                                  downlinkDraws: ImpairmentDraws(seed: seed, port: index, direction: .downlink),
                                  counters: SwitchPortCounters(name: config.name))
            port.arpReplyDelayNs = Int64((config.arp?.replyDelayMs ?? 0) * 1_000_000)
            port.arpReplyProbability = config.arp?.replyProbability ?? 1
            port.drawsOnUplink = config.drawsOnUplink
            port.drawsOnDownlink = config.drawsOnDownlink
            built.append(port)
        }
        state = Mutex(State(ports: built))
        wake = try WakeEvent()
    }

    /// Asks `run()` to return. Safe from any thread or signal-handling queue.
    public func stop() {
        state.withLock { $0.running = false }
        wake.signal()
    }

    /// Closes every TAP (the kernel then deletes the interfaces). Call after `run()` returned.
    public func closePorts() {
        state.withLock { state in
            for index in state.ports.indices where state.ports[index].fd >= 0 {
                close(state.ports[index].fd)
                state.ports[index].fd = -1
            }
        }
    }

    /// Every port's counters (frames in and out, configured losses, TAP write failures).
    public func counters() -> [SwitchPortCounters] {
        state.withLock { state in state.ports.map(\.counters) }
    }

    /// False once `stop()` has been called.
    public var isRunning: Bool { state.withLock { $0.running } }

    /// Switches frames until `stop()` is called. Blocks the calling thread.
    public func run() {
        TimerSlack.setForCurrentThread(nanoseconds: 1)
        let taps = state.withLock { state in state.ports.map(\.fd) }
        var poll = PollSet(descriptors: taps + [wake.descriptor], events: .readable)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let timeout: Int64 = state.withLock { state in
                guard state.running else { return -2 }
                let next = state.ports.flatMap { [$0.ingress.nextRelease, $0.egress.nextRelease] }.compactMap { $0 }.min()
                guard let next else { return -1 }
                return max(0, next - MonotonicClock.signedNow())
            }
            if timeout == -2 { return }
            guard poll.wait(nanoseconds: timeout) else { return }
            for index in taps.indices where poll.fired(index).contains(.readable) {
                readAll(port: index, fd: taps[index], buffer: &buffer)
            }
            if !poll.fired(taps.count).isEmpty { wake.drain() }
            releaseDue()
        }
    }

    private func readAll(port index: Int, fd: Int32, buffer: inout [UInt8]) {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            let frame = Array(buffer[0..<count])
            let now = MonotonicClock.signedNow()
            state.withLock { state in Self.ingress(frame, from: index, now: now, state: &state) }
        }
    }

    private static func ingress(_ frame: [UInt8], from index: Int, now: Int64, state: inout State) {
        guard frame.count >= 14 else { return }
        state.ports[index].counters.framesIn += 1
        // The identity is taken of every frame, so clients' ephemeral ports are learned from their SYNs.
        let identity = state.identities.identity(of: frame)
        var random = state.ports[index].drawsOnUplink ? state.ports[index].uplinkDraws.generator(for: identity) : RandomSource(seed: 0)
        if state.ports[index].uplink.shouldDrop(using: &random) {
            state.ports[index].counters.lostOnLink += 1
            return
        }
        var hold = state.ports[index].uplink.sampleDelay(using: &random)
        if isARPReply(frame) {
            if state.ports[index].arpReplyProbability < 1 && random.unit() >= state.ports[index].arpReplyProbability {
                state.ports[index].counters.arpRepliesDropped += 1
                return
            }
            hold += state.ports[index].arpReplyDelayNs
        }
        if hold == 0 && state.ports[index].ingress.isEmpty {
            forward(frame, identity: identity, from: index, now: now, state: &state)
        } else {
            state.ports[index].ingress.push(frame, identity: identity, release: now + hold)
        }
    }

    private static func forward(_ frame: [UInt8], identity: UInt64, from index: Int, now: Int64, state: inout State) {
        let destination = Array(frame[0..<6])
        let source = Array(frame[6..<12])
        if source[0] & 1 == 0 { state.macTable[source] = index }
        let targets: [Int]
        if destination[0] & 1 == 0, let known = state.macTable[destination] {
            targets = known == index ? [] : [known]
        } else {
            targets = state.ports.indices.filter { $0 != index }
        }
        for target in targets {
            var random = state.ports[target].drawsOnDownlink ? state.ports[target].downlinkDraws.generator(for: identity) : RandomSource(seed: 0)
            let hold = state.ports[target].downlink.sampleDelay(using: &random)
            if hold == 0 && state.ports[target].egress.isEmpty {
                send(frame, to: target, state: &state)
            } else {
                state.ports[target].egress.push(frame, identity: identity, release: now + hold)
            }
        }
    }

    private func releaseDue() {
        state.withLock { state in
            let now = MonotonicClock.signedNow()
            for index in state.ports.indices {
                for (frame, identity) in state.ports[index].ingress.popDue(now: now) {
                    Self.forward(frame, identity: identity, from: index, now: now, state: &state)
                }
            }
            for index in state.ports.indices {
                for (frame, _) in state.ports[index].egress.popDue(now: now) {
                    Self.send(frame, to: index, state: &state)
                }
            }
        }
    }

    private static func send(_ frame: [UInt8], to index: Int, state: inout State) {
        let written = frame.withUnsafeBytes { write(state.ports[index].fd, $0.baseAddress, $0.count) }
        if written == frame.count {
            state.ports[index].counters.framesOut += 1
        } else {
            state.ports[index].counters.writeFailures += 1
        }
    }

    /// Ethernet type 0x0806 with ARP opcode 2.
    static func isARPReply(_ frame: [UInt8]) -> Bool {
        frame.count >= 22 && frame[12] == 0x08 && frame[13] == 0x06 && frame[20] == 0 && frame[21] == 2
    }
}
