import AppContract
import Platform

import Synchronization
import Wire
import AppInputs

/// The mDNS browser under the Bonjour phase: one UDP socket on port 5353 (shared with
/// `SO_REUSEPORT`), member of 224.0.0.251 on the scanner's interface, multicast TTL 255.
///
/// It sends the browse queries of every tier on the `BonjourQuerySchedule` (RFC 6762 continuous
/// querying, first query of a tier 20–120 ms after its start, known answers on re-queries),
/// feeds every response into a `BonjourCache`, and answers resolve requests from that cache,
/// asking SRV/TXT and A questions when the browse answers did not carry them. Every datagram it
/// sends is logged as `packet_sent` (`kind: mdns_query`).
///
/// NetMonitor's browser is a service started before the pipeline (spec §2.3): the runner may call
/// `start` at scan start (`browse_from: scan_start`) and the phase then reuses it. In an app
/// session the browser belongs to one session of the long-lived `BonjourDiscoveryService`: its
/// answers and query timers then go through the service, tagged with that session's generation,
/// because they can still arrive after the next session began (`stop` is not instantaneous:
/// `DiscoverySocket.close`).
public final class BonjourBrowser: Sendable {
    private struct State: Sendable {
        var cache = BonjourCache()
        var socket: DiscoverySocket?
        var originNs: UInt64?
        var queryTask: Task<Void, Never>?
        var stopped = false
        var received = 0
    }

    private let settings: Strategy.Bonjour
    private let events: (any EventSink)?
    private let phaseID: String
    private let state = Mutex(State())
    /// The service session this browser belongs to; nil for a scan's own browser.
    private let session: (service: BonjourDiscoveryService, generation: Int)?

    /// - Parameters:
    ///   - settings: the strategy's `bonjour` section (tiers, delay, window).
    ///   - events: where sent packets go.
    ///   - phaseID: the `phase` field of its events.
    ///   - session: the service and generation that started it; its answers and timer fires are
    ///     handed to the service, which applies or discards them (`bonjour.generation_check`).
    public init(
        settings: Strategy.Bonjour,
        events: (any EventSink)?,
        phaseID: String = PhaseKind.bonjour.rawValue,
        session: (service: BonjourDiscoveryService, generation: Int)? = nil
    ) {
        self.settings = settings
        self.events = events
        self.phaseID = phaseID
        self.session = session
        state.withLock { state in
            for tier in settings.tiers { state.cache.browse(types: tier) }
        }
    }

    /// When browsing started (`CLOCK_MONOTONIC` ns), nil before `start`.
    public var originNs: UInt64? { state.withLock { $0.originNs } }

    /// Services found so far, in discovery order.
    public var services: [BonjourService] { state.withLock { $0.cache.services } }

    /// The TXT strings heard for `service` (`key=value`, RFC 6763 §6), nil when none arrived.
    public func text(of service: BonjourService) -> [String]? {
        state.withLock { $0.cache.texts[service.instanceName] }
    }

    /// Number of services found so far.
    public var serviceCount: Int { state.withLock { $0.cache.services.count } }

    /// A copy of everything learned.
    public var cache: BonjourCache { state.withLock { $0.cache } }

    /// mDNS datagrams received.
    public var receivedCount: Int { state.withLock { $0.received } }

    /// Opens the socket and starts the query schedule; does nothing when already started.
    /// - Parameters:
    ///   - interface: the scanner's interface (group membership, outgoing interface, and
    ///     `SO_BINDTODEVICE` when `bindToInterface`).
    ///   - localIP: the scanner's address, used to pick the interface when `interface` is nil.
    /// - Throws: `DiscoverySocketError` when the socket cannot be opened or the group joined.
    public func start(interface: String?, localIP: IPv4Address?, bindToInterface: Bool) throws(DiscoverySocketError) {
        let alreadyStarted = state.withLock { $0.originNs != nil }
        guard !alreadyStarted else { return }
        let socket = try DiscoverySocket(
            port: BonjourQueryBuilder.port,
            reuse: true,
            interface: bindToInterface ? interface : nil
        )
        do throws(DiscoverySocketError) {
            try socket.configureMulticast(
                group: BonjourQueryBuilder.group,
                interface: interface,
                localIP: localIP,
                ttl: 255,
                join: true
            )
        } catch {
            socket.close()
            throw error
        }
        socket.startReceiving { [weak self] datagram in
            guard let self, let message = try? DNSMessage(bytes: datagram.bytes) else { return }
            if message.isResponse {
                self.events?.record(.answerReceived(.init(phase: self.phaseID, protocol: .mdns, from: datagram.sender)))
            }
            if let session = self.session, message.isResponse {
                session.service.deliver(
                    message,
                    receivedNs: datagram.receivedAtNs,
                    from: datagram.sender,
                    generation: session.generation
                )
            } else {
                self.apply(message, receivedNs: datagram.receivedAtNs)
            }
        }
        let origin = MonotonicClock.now()
        let until = settings.window.mode == .fixed ? settings.window.fixedMs : settings.window.maxMs
        let schedule = BonjourQuerySchedule(
            tiers: settings.tiers.count,
            tierDelayMs: settings.tierDelayMs,
            untilMs: until,
            requery: settings.requery == .rfc6762
        )
        let jitters = settings.tiers.indices.map { _ in Int.random(in: 20...120) }
        let task = Task { [weak self] in
            for entry in schedule.entries {
                let due = origin + UInt64(entry.atMs + (entry.round == 0 ? jitters[entry.tier] : 0)) * 1_000_000
                let now = MonotonicClock.now()
                if due > now { try? await Task.sleep(for: .nanoseconds(due - now)) }
                guard let self, !Task.isCancelled else { return }
                // `stop` cancels this task, so a torn-down browser's timer stops here; the service's
                // check is for a fire that got past it (NetMonitor's tier-2 timer, spec §2.3).
                if let session = self.session, !session.service.admitTimer(generation: session.generation) { continue }
                self.sendBrowse(tier: entry.tier)
            }
        }
        state.withLock { state in
            state.socket = socket
            state.originNs = origin
            state.queryTask = task
        }
    }

    /// Feeds one received message into the cache (the service list the phase reads).
    public func apply(_ message: DNSMessage, receivedNs: UInt64) {
        state.withLock { state in
            state.received += 1
            state.cache.apply(message, receivedNs: receivedNs)
        }
    }

    /// Stops sending browse queries (the socket keeps listening for resolves).
    public func stopQuerying() {
        state.withLock { $0.queryTask }?.cancel()
    }

    /// Stops everything and closes the socket. The receive thread leaves within its 50 ms poll and
    /// first hands over what it already read (`DiscoverySocket.close`), so callbacks can follow.
    public func stop() {
        let (task, socket) = state.withLock { state in
            state.stopped = true
            defer { state.socket = nil; state.queryTask = nil }
            return (state.queryTask, state.socket)
        }
        task?.cancel()
        socket?.close()
    }

    /// Resolves a service to its SRV target and IPv4 addresses through mDNS: from the cache when
    /// the browse answer carried them, otherwise by asking SRV/TXT, then A, re-asking after 1 s.
    /// - Returns: nil when nothing arrived before `timeoutMs`.
    public func resolve(
        _ service: BonjourService,
        timeoutMs: Int
    ) async -> (host: DNSName, port: UInt16, addresses: [IPv4Address])? {
        let start = MonotonicClock.now()
        let deadline = start + UInt64(timeoutMs) * 1_000_000
        var askedServerAt: UInt64?
        var askedAddressAt: UInt64?
        while true {
            let now = MonotonicClock.now()
            let known = state.withLock { state in (state.cache.server(of: service), state.cache.addresses(of: service))
            }
            if let server = known.0, !known.1.isEmpty {
                return (server.target, server.port, known.1)
            }
            if now >= deadline || Task.isCancelled { return nil }
            if let server = known.0 {
                if askedAddressAt.map({ now - $0 >= 1_000_000_000 }) ?? true {
                    askedAddressAt = now
                    send(BonjourQueryBuilder.addressQuery(host: server.target))
                }
            } else if askedServerAt.map({ now - $0 >= 1_000_000_000 }) ?? true {
                askedServerAt = now
                send(BonjourQueryBuilder.resolveQuery(instance: service.instanceName))
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    private func sendBrowse(tier: Int) {
        let types = settings.tiers[tier]
        let known = state.withLock { state in
            settings.knownAnswers ? state.cache.knownAnswers(types: types, nowNs: MonotonicClock.now()) : []
        }
        for message in BonjourQueryBuilder.browseQueries(types: types, knownAnswers: known) {
            send(message)
        }
    }

    private func send(_ message: DNSMessage) {
        guard let socket = state.withLock({ $0.stopped ? nil : $0.socket }) else { return }
        let bytes = message.encoded()
        do {
            try socket.send(bytes, to: BonjourQueryBuilder.group, port: BonjourQueryBuilder.port)
            events?.record(
                .packetSent(
                    .init(
                        phase: phaseID,
                        kind: .mdnsQuery,
                        ip: BonjourQueryBuilder.group,
                        port: Int(BonjourQueryBuilder.port),
                        bytes: bytes.count
                    )
                )
            )
        } catch {
            // A failed send is not a packet on the wire; the window decides what was missed.
        }
    }
}
