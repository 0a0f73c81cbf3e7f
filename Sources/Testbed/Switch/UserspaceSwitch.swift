import Platform
import Foundation
import Synchronization
import Wire
import TestbedPlatform

/// An Ethernet switch in user space joining TAP devices: MAC learning, flooding of broadcast,
/// multicast and unknown unicast (broadcast ARP requests go where `ARPDirectory` says), and
/// per-link delay, jitter and loss (this kernel has no netem).
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
    /// When the switch was made: time 0 of every Wi-Fi schedule (monotonic ns, and wall clock).
    private let origin: Int64
    private let originUnixSeconds: Double

    struct State: Sendable {
        var ports: [SwitchPort]
        var macTable: [[UInt8]: Int] = [:]
        var identities = FrameIdentity()
        var running = true
        /// Ports with a frame held in either queue: the only ones the loop looks at for the next
        /// release, so a LAN of 250 idle ports costs a wake-up no more than a LAN of 2.
        var held: Set<Int> = []
        var arpDirectory: ARPDirectory
        /// Ports whose carrier follows their path's `link_down` gaps (the scanner's, with such gaps
        /// in its timeline), derived once here so a wake-up does not scan every port for them; a
        /// port leaves the list when the kernel refuses to set its carrier.
        var carrierPorts: [Int]
        /// Ports with an `mdns_storm` (the loop wakes for their next announcement).
        var stormPorts: [Int] = []
    }

    /// Creates a switch over already-open TAP descriptors.
    /// - Parameters:
    ///   - ports: one (config, TAP fd) pair per port.
    ///   - seed: seed for jitter and loss decisions.
    /// - Throws: `SystemError` when the kernel gives no eventfd to wake the loop with.
    public init(ports: [(SwitchPortConfig, Int32)], seed: UInt64) throws(SystemError) {
        var built: [SwitchPort] = []
        let origin = MonotonicClock.signedNow()
        originUnixSeconds = Date().timeIntervalSince1970
        self.origin = origin
        for (index, (config, fd)) in ports.enumerated() {
            var port = SwitchPort(
                name: config.name,
                fd: fd,
                uplink: config.uplink,
                downlink: config.downlink,
                uplinkDraws: ImpairmentDraws(seed: seed, port: index, direction: .uplink),
                downlinkDraws: ImpairmentDraws(seed: seed, port: index, direction: .downlink),
                counters: SwitchPortCounters(name: config.name)
            )
            port.arpReplyDelayNs = Int64((config.arp?.replyDelayMs ?? 0) * 1_000_000)
            port.arpReplyProbability = config.arp?.replyProbability ?? 1
            port.drawsOnUplink = config.drawsOnUplink
            port.drawsOnDownlink = config.drawsOnDownlink
            let portSeed = { (what: UInt64) in FrameIdentity.mix([seed, UInt64(index), what]) }
            port.doze = config.powerSave.map { DozeSchedule($0, origin: origin, seed: portSeed(0x5053)) }
            port.sleep = config.deepSleep.map { SleepCycle($0, origin: origin, seed: portSeed(0x4453)) }
            port.path = config.wifi.map { PathEventTimeline($0, origin: origin, seed: portSeed(0x5045)) }.flatMap {
                $0.isEmpty ? nil : $0
            }
            port.away = config.leave.map { AwayWindow($0, origin: origin, seed: portSeed(0x4C56)) }
            port.storm = config.mdnsStorm.map {
                StormSchedule($0.storm, frame: $0.frame, origin: origin, seed: portSeed(0x5354))
            }
            port.hostile = config.hostile
            port.newAddress = config.newAddress
            port.congestion = config.congestion
            built.append(port)
        }
        state = Mutex(
            State(
                ports: built,
                arpDirectory: ARPDirectory(addresses: ports.map(\.0.addresses)),
                carrierPorts: built.indices.filter { built[$0].path?.canTakeLinkDown == true },
                stormPorts: built.indices.filter { built[$0].storm != nil }
            )
        )
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
                TAPDevice.close(state.ports[index].fd)
                state.ports[index].fd = -1
            }
        }
    }

    /// Every port's counters (frames in and out, configured losses, TAP write failures).
    public func counters() -> [SwitchPortCounters] {
        state.withLock { state in state.ports.map(\.counters) }
    }

    /// The scanner's path events drawn so far (up to now), then the devices' faults (port: the
    /// device): a `leave` or `mdns_storm` once begun, a `new_address` return once back, `hostile`
    /// answers throughout; with wall-clock times so that they can be lined up with a capture;
    /// empty without `network.scanner.wifi` or a fault.
    public func pathEvents() -> [PathEventRecord] {
        let now = MonotonicClock.signedNow()
        let record = { (port: String, kind: String, start: Int64, end: Int64) in
            PathEventRecord(
                port: port,
                kind: kind,
                startSeconds: Double(start - self.origin) / 1e9,
                endSeconds: Double(end - self.origin) / 1e9,
                startUnix: self.originUnixSeconds + Double(start - self.origin) / 1e9,
                endUnix: self.originUnixSeconds + Double(end - self.origin) / 1e9
            )
        }
        return state.withLock { state in
            let leaves = state.ports.compactMap { port -> PathEventRecord? in
                guard let away = port.away, away.start <= now else { return nil }
                return record(port.name, PathEventRecord.leaveKind, away.start, away.end)
            }
            let storms = state.ports.compactMap { port -> PathEventRecord? in
                guard let storm = port.storm, storm.start <= now else { return nil }
                return record(port.name, PathEventRecord.mdnsStormKind, storm.start, storm.end)
            }
            // A device that returns on a new address does so at the end of its away window.
            let returns = state.ports.compactMap { port -> PathEventRecord? in
                guard let away = port.away, let move = port.newAddress, away.end <= now else { return nil }
                var event = record(port.name, PathEventRecord.newAddressKind, away.end, away.end)
                event.detail = "\(move.from) → \(move.to)"
                return event
            }
            // A hostile device answers so from the switch's start for the testbed's life (a day at most).
            let hostile = state.ports.compactMap { port -> PathEventRecord? in
                guard let kinds = port.hostile else { return nil }
                var event = record(
                    port.name,
                    PathEventRecord.hostileKind,
                    self.origin,
                    self.origin + 86_400_000_000_000
                )
                event.detail = kinds
                return event
            }
            return state.ports.indices.flatMap { index -> [PathEventRecord] in
                guard state.ports[index].path != nil else { return [] }
                _ = state.ports[index].path!.state(at: now)
                return state.ports[index].path!.drawn.filter { $0.start <= now }.map { event in
                    record(state.ports[index].name, event.kind.rawValue, event.start, event.end)
                }
            } + leaves + returns + storms + hostile
        }
    }

    /// False once `stop()` has been called.
    public var isRunning: Bool { state.withLock { $0.running } }

    /// The switch thread's SCHED_FIFO priority, low among 1-99 (an assumption: any value puts it
    /// ahead of normal threads, which is all it needs; nothing else of ours runs real-time).
    static let realtimePriority: Int32 = 10

    /// Switches frames until `stop()` is called. Blocks the calling thread.
    ///
    /// One epoll set holds every TAP and the wake event, so a wake-up costs what the frames that
    /// arrived cost, not a rescan of every port (`ppoll` over 253 TAPs cost ~0.2 ms of the 0.5 ms
    /// the switch added to a round trip; docs/TESTBED.md, "What the switch adds").
    public func run() {
        TimerSlack.setForCurrentThread(nanoseconds: 1)
        // The switch is the network: it must not queue frames behind the 250 device agents and
        // the scanner it carries frames for. At normal priority an mDNS question's flood of
        // answers (every agent parsing every answer) held echoes up to 144 ms; under SCHED_FIFO
        // the p99 of an echo during a scan was 0.2 ms (docs/TESTBED.md, "What the switch adds").
        // Refused (no CAP_SYS_NICE), it runs at normal priority as before.
        RealtimePriority.setFIFOForCurrentThread(priority: Self.realtimePriority)
        let taps = state.withLock { state in state.ports.map(\.fd) }
        guard let epoll = try? Epoll() else { return }
        defer { close(epoll.descriptor) }
        do {
            for (index, fd) in taps.enumerated() { try epoll.add(fd, events: Epoll.readable, token: UInt64(index)) }
            try epoll.add(wake.descriptor, events: Epoll.readable, token: UInt64(taps.count))
        } catch {
            return
        }
        var ready: [UInt64] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let timeout: Int64 = state.withLock { state in
                guard state.running else { return -2 }
                let now = MonotonicClock.signedNow()
                // A port whose carrier follows its path's gaps is looked at every slot of the timeline.
                let carrierCheck = state.carrierPorts.isEmpty ? nil : now + PathEventTimeline.slotNs
                let storm = state.stormPorts.compactMap { state.ports[$0].storm?.nextDue }.min()
                guard let next = [Self.nextRelease(state), carrierCheck, storm].compactMap({ $0 }).min() else {
                    return -1
                }
                return max(0, next - now)
            }
            if timeout == -2 { return }
            guard epoll.wait(nanoseconds: timeout, into: &ready) else { return }
            for token in ready {
                let index = Int(token)
                if index == taps.count { wake.drain() } else { readAll(port: index, fd: taps[index], buffer: &buffer) }
            }
            followCarriers()
            sendStorms()
            releaseDue()
        }
    }

    /// Turns a port's TAP carrier off while its path is in a `link_down` gap and on again after,
    /// so the host behind it sees NO-CARRIER and an rtnetlink announcement at both edges. The TAP
    /// stays open: its descriptor reads nothing while the carrier is off (the kernel stops
    /// transmitting on it), and frames to the host are dropped by the gap as before.
    private func followCarriers() {
        state.withLock { state in
            let now = MonotonicClock.signedNow()
            var refused: [Int] = []
            for index in state.carrierPorts {
                let off = state.ports[index].path?.state(at: now).linkDown == true
                guard off != state.ports[index].carrierOff else { continue }
                do {
                    try TAPDevice.setCarrier(state.ports[index].fd, on: !off)
                    state.ports[index].carrierOff = off
                } catch {
                    // A kernel without TUNSETCARRIER: the gap still drops every frame, only the
                    // carrier signal is missing; stop trying rather than fail the testbed.
                    refused.append(index)
                    FileHandle.standardError.write(
                        Data("switch: \(state.ports[index].name): cannot follow the path's carrier: \(error)\n".utf8)
                    )
                }
            }
            state.carrierPorts.removeAll { refused.contains($0) }
        }
    }

    /// Sends the mDNS announcements of the storms due now, each as if its device had sent it
    /// (through `ingress`: the device's link, a `leave` and the flood rules apply), counted.
    private func sendStorms() {
        state.withLock { state in
            guard !state.stormPorts.isEmpty else { return }
            let now = MonotonicClock.signedNow()
            for index in state.stormPorts {
                guard let count = state.ports[index].storm?.due(at: now), count > 0,
                    let frame = state.ports[index].storm?.frame
                else { continue }
                for _ in 0..<count {
                    state.ports[index].counters.stormSent += 1
                    Self.ingress(frame, from: index, now: now, state: &state)
                }
            }
        }
    }

    /// The earliest release time among the held frames, or nil when none is held.
    private static func nextRelease(_ state: State) -> Int64? {
        var next: Int64?
        for index in state.held {
            for release in [state.ports[index].ingress.nextRelease, state.ports[index].egress.nextRelease] {
                if let release, release < next ?? .max { next = release }
            }
        }
        return next
    }

    private func readAll(port index: Int, fd: Int32, buffer: inout [UInt8]) {
        while true {
            let count = buffer.withUnsafeMutableBytes { TAPDevice.read(fd, into: $0) }
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
        let wifi = wifiState(of: index, at: now, state: &state)
        if wifi.silenced { return }
        var random =
            state.ports[index].drawsOnUplink
            ? state.ports[index].uplinkDraws.generator(for: identity) : RandomSource(seed: 0)
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
        guard let burst = congestionHold(of: index, congested: wifi.congested, random: &random, state: &state) else {
            return
        }
        hold += burst
        // A dozing station wakes to transmit, and stays awake a while after.
        state.ports[index].doze?.sent(at: now)
        if hold == 0 && state.ports[index].ingress.isEmpty {
            forward(frame, identity: identity, from: index, now: now, state: &state)
        } else {
            state.ports[index].ingress.push(frame, identity: identity, release: now + hold)
            state.held.insert(index)
        }
    }

    /// The Wi-Fi side of port `index` at `now`, the same both ways: `silenced` when a frame to or
    /// from it is lost — the station in deep sleep, or the scanner's path in a roam or association
    /// gap (counted) — and whether a congestion burst is under way.
    private static func wifiState(of index: Int, at now: Int64, state: inout State) -> (silenced: Bool, congested: Bool)
    {
        if state.ports[index].away?.isAway(at: now) == true {
            state.ports[index].counters.awayDropped += 1
            return (true, false)
        }
        if state.ports[index].sleep?.isAsleep(at: now) == true {
            state.ports[index].counters.asleepDropped += 1
            return (true, false)
        }
        let path = state.ports[index].path?.state(at: now)
        if path?.gap != nil {
            state.ports[index].counters.pathDropped += 1
            return (true, false)
        }
        return (false, path?.congested == true)
    }

    /// A congestion burst's extra hold for one frame (0 outside a burst), or nil when the burst
    /// loses it (counted). Draws from the frame's own `random` after the link's, as before.
    private static func congestionHold(
        of index: Int,
        congested: Bool,
        random: inout RandomSource,
        state: inout State
    ) -> Int64? {
        guard congested, var congestion = state.ports[index].congestion else { return 0 }
        if congestion.shouldDrop(using: &random) {
            state.ports[index].counters.pathDropped += 1
            return nil
        }
        return congestion.sampleDelay(using: &random)
    }

    private static func forward(_ frame: [UInt8], identity: UInt64, from index: Int, now: Int64, state: inout State) {
        let destination = Array(frame[0..<6])
        let source = Array(frame[6..<12])
        if source[0] & 1 == 0 { state.macTable[source] = index }
        let targets: [Int]
        let learnt = destination[0] & 1 == 0 ? state.macTable[destination] : nil
        if let known = learnt {
            targets = known == index ? [] : [known]
        } else if let directed = state.arpDirectory.targets(of: frame, from: index) {
            targets = directed
        } else {
            targets = state.ports.indices.filter { $0 != index }
        }
        let unicast = destination[0] & 1 == 0
        for target in targets {
            let wifi = wifiState(of: target, at: now, state: &state)
            if wifi.silenced { continue }
            var random =
                state.ports[target].drawsOnDownlink
                ? state.ports[target].downlinkDraws.generator(for: identity) : RandomSource(seed: 0)
            var hold = state.ports[target].downlink.sampleDelay(using: &random)
            guard let burst = congestionHold(of: target, congested: wifi.congested, random: &random, state: &state)
            else { continue }
            hold += burst
            // The AP buffers unicast frames for a dozing station until it wakes (group-addressed
            // frames are left to the `arp` rule).
            if unicast, state.ports[target].doze != nil {
                let release =
                    learnt == nil
                    ? state.ports[target].doze!.deliverFlooded(arrival: now + hold)
                    : state.ports[target].doze!.deliver(arrival: now + hold)
                if release > now + hold { state.ports[target].counters.powerSaveBuffered += 1 }
                hold = release - now
            }
            // A flooded frame always queues, so `releaseDue` interleaves its copies with frames
            // that arrive meanwhile.
            if hold == 0 && state.ports[target].egress.isEmpty && targets.count == 1 {
                send(frame, to: target, state: &state)
            } else {
                state.ports[target].egress.push(
                    frame,
                    identity: identity,
                    release: now + hold,
                    flooded: targets.count > 1
                )
                state.held.insert(target)
            }
        }
    }

    /// Flood copies one pass of `releaseDue` sends at most (an assumption, 16-256 to sweep): the
    /// loop reads the TAPs between passes, so a frame that arrives while a multicast answer is
    /// copied to 250 ports waits for at most this many writes, not for the whole flood.
    static let floodBudget = 32

    /// Sends on what is due, held ports in index order: ingress first, then the egress queues that
    /// hold a frame other than a flood copy (unicast, a directed ARP request: it waits for its own
    /// link's copies ahead of it, not for the flood's other 249 ports), then flood copies, at
    /// most `floodBudget` a pass. A port leaves `held` when both its queues are empty. Without the
    /// two last rules, mDNS answers flooded during an ARP sweep held the ARP replies 1-4 ms,
    /// differently in every run (docs/TESTBED.md, "What the switch adds").
    private func releaseDue() {
        state.withLock { state in
            guard !state.held.isEmpty else { return }
            let now = MonotonicClock.signedNow()
            let ports = state.held.sorted()
            for index in ports where state.ports[index].ingress.nextRelease ?? .max <= now {
                for (frame, identity) in state.ports[index].ingress.popDue(now: now) {
                    Self.forward(frame, identity: identity, from: index, now: now, state: &state)
                }
            }
            for index in state.held.sorted() where state.ports[index].egress.unfloodedCount > 0 {
                for (frame, _) in state.ports[index].egress.popDue(now: now) {
                    Self.send(frame, to: index, state: &state)
                }
            }
            var budget = Self.floodBudget
            for index in state.held.sorted() {
                if budget > 0 && state.ports[index].egress.nextRelease ?? .max <= now {
                    for (frame, _) in state.ports[index].egress.popDue(now: now, limit: budget) {
                        budget -= 1
                        Self.send(frame, to: index, state: &state)
                    }
                }
                if state.ports[index].ingress.isEmpty && state.ports[index].egress.isEmpty { state.held.remove(index) }
            }
        }
    }

    private static func send(_ frame: [UInt8], to index: Int, state: inout State) {
        let written = frame.withUnsafeBytes { TAPDevice.write(state.ports[index].fd, $0) }
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

/// One of the scanner's path events, as `path-events.json` in the testbed's state directory lists it.
public struct PathEventRecord: Codable, Sendable, Equatable {
    /// The switch port ("scanner").
    public var port: String
    /// `roam`, `association_loss` or `congestion` (the scanner's path), or a device's fault,
    /// `port` naming the device: `leave` (away from the LAN), `new_address` (back on another
    /// address), `mdns_storm` or `hostile`.
    public var kind: String
    /// Seconds after the switch started.
    public var startSeconds: Double
    public var endSeconds: Double
    /// The same instants as Unix time (wall clock), to line them up with a capture's timestamps.
    public var startUnix: Double
    public var endUnix: Double
    /// What the fault did, where its kind alone does not say (`hostile`: the drawn kinds, e.g.
    /// `mdns truncated, http oversized`); absent otherwise.
    public var detail: String?

    public init(
        port: String,
        kind: String,
        startSeconds: Double,
        endSeconds: Double,
        startUnix: Double,
        endUnix: Double,
        detail: String? = nil
    ) {
        self.detail = detail
        self.port = port
        self.kind = kind
        self.startSeconds = startSeconds
        self.endSeconds = endSeconds
        self.startUnix = startUnix
        self.endUnix = endUnix
    }

    enum CodingKeys: String, CodingKey {
        case port, kind, detail
        case startSeconds = "start_s"
        case endSeconds = "end_s"
        case startUnix = "start_unix"
        case endUnix = "end_unix"
    }

    /// The kind of a `leave` fault's record.
    public static let leaveKind = "leave"
    /// The kind of an `mdns_storm` fault's record.
    public static let mdnsStormKind = "mdns_storm"
    /// The kind of a `hostile` fault's record (`detail` gives the kinds drawn).
    public static let hostileKind = "hostile"
    /// The kind of the record of a device's return on a new address (`detail`: `old → new`).
    public static let newAddressKind = "new_address"

    /// True for the scanner's roam and association-loss gaps (its path carries nothing).
    public var isScannerGap: Bool { kind == "roam" || kind == "association_loss" }

    /// The file the controller of testbed `id` lists its scanner's path events in.
    public static func path(forTestbed id: String) -> String {
        "\(TestbedNames(id: id).stateDirectory)/path-events.json"
    }

    /// The events testbed `id` has published so far; nil when it published none (no `wifi`) or the file does not read.
    public static func load(testbed id: String) -> [PathEventRecord]? {
        guard let data = FileManager.default.contents(atPath: path(forTestbed: id)),
            let events = try? JSONDecoder().decode([PathEventRecord].self, from: data), !events.isEmpty
        else { return nil }
        return events
    }
}
