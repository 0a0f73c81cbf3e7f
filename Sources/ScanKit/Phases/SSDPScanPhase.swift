import AppContract
import Platform

import Foundation
import Synchronization
import Wire
import AppInputs

/// The SSDP phase (`ssdp`, weight 0.06; spec §2.5): holding one budget slot (NetMonitor's UDP
/// "connection"), wait up to `ready_timeout_ms` for the connection to be ready — its path
/// satisfied (`PathReadiness`) — then send one M-SEARCH with the strategy's MX and ST to
/// 239.255.255.250:1900, receive continuously for `window_ms`, credit each response to the IPv4 in
/// its LOCATION header (§1.9) or to its UDP sender (`address_from`), and upsert each address the
/// subnet filter accepts with source `ssdp`, after the window as NetMonitor does. Progress 0.7
/// after the window.
///
/// When the ready timeout fires the phase logs `ready_timeout`, cancels the connection and
/// finds nothing, as NetMonitor's "failed/cancelled/timeout → return nothing".
public final class SSDPScanPhase: ScanPhase {
    public let id = PhaseKind.ssdp.rawValue
    public let displayName = PhaseKind.ssdp.displayName
    public let weight = PhaseKind.ssdp.weight

    public let settings: Strategy.SSDP
    public let bindToInterface: Bool
    private let events: (any EventSink)?
    private let pathCheck: PathReadiness.Check
    private let results = Mutex<[Response]>([])

    /// One response received in the window.
    public struct Response: Sendable, Equatable {
        /// UDP source.
        public var sender: IPv4Address
        /// The address credited (per `address_from`); nil when none could be extracted.
        public var ip: IPv4Address?
        /// Milliseconds after the M-SEARCH was sent.
        public var afterMs: Int
        public var location: String?
        public var st: String?
    }

    /// Run-unique connection numbers for the phase's UDP "connection".
    private static let nextID = Atomic<UInt64>(2_000_000)

    /// - Parameters:
    ///   - strategy: the run's strategy (its `ssdp` section and `bind_to_interface`).
    ///   - events: where the M-SEARCH and the connection are logged.
    public convenience init(strategy: Strategy, events: (any EventSink)?) {
        self.init(settings: strategy.ssdp, bindToInterface: strategy.bindToInterface, events: events)
    }

    /// - Parameters:
    ///   - settings: the strategy's `ssdp` section.
    ///   - bindToInterface: `SO_BINDTODEVICE` on the M-SEARCH socket.
    ///   - events: where the M-SEARCH and the connection are logged.
    ///   - pathCheck: whether the connection's path is satisfied now (`PathReadiness.current`;
    ///     tests pass their own to change the path while the phase waits).
    public init(
        settings: Strategy.SSDP,
        bindToInterface: Bool,
        events: (any EventSink)?,
        pathCheck: @escaping PathReadiness.Check = PathReadiness.current
    ) {
        self.settings = settings
        self.bindToInterface = bindToInterface
        self.events = events
        self.pathCheck = pathCheck
    }

    /// How often the path is checked while waiting for ready.
    static let pathPollMs = 20

    /// Responses of the last `execute`, in arrival order.
    public var responses: [Response] { results.withLock { $0 } }

    public func execute(
        context: ScanContext,
        accumulator: ScanAccumulator,
        progress: @escaping @Sendable (Double) -> Void
    ) async {
        progress(0)
        let found =
            (try? await context.budget.withConnectionSlot { () async -> [IPv4Address] in
                await collect(context: context)
            }) ?? []
        progress(0.7)
        for ip in found where context.subnetFilter(ip) {
            await accumulator.upsert(DiscoveredDevice(ip: ip, source: .ssdp))
        }
        progress(1)
    }

    /// Sends the M-SEARCH and collects addresses for the window, in first-seen order.
    private func collect(context: ScanContext) async -> [IPv4Address] {
        let id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        events?.record(
            .connectionCreated(
                .init(
                    connection: id,
                    transport: .udp,
                    ip: SSDPSearchRequest.group,
                    port: Int(SSDPSearchRequest.port),
                    phase: self.id
                )
            )
        )
        guard await waitUntilReady(connection: id, context: context) else { return [] }
        let socket: DiscoverySocket
        do {
            socket = try DiscoverySocket(port: 0, reuse: false, interface: bindToInterface ? context.interface : nil)
            try socket.configureMulticast(
                group: SSDPSearchRequest.group,
                interface: context.interface,
                localIP: context.localIP,
                ttl: 2,
                join: false
            )
        } catch {
            events?.record(.connectionState(.init(connection: id, state: .failed, error: "\(error)")))
            FileHandle.standardError.write(Data("ssdp: \(error)\n".utf8))
            return []
        }
        events?.record(.connectionState(.init(connection: id, state: .ready)))
        defer {
            socket.close()
            events?.record(.connectionState(.init(connection: id, state: .cancelled)))
        }
        let sentAt = MonotonicClock.now()
        let addressFrom = settings.addressFrom
        let collected = Mutex<(ips: [IPv4Address], seen: Set<IPv4Address>, responses: [Response])>(([], [], []))
        socket.startReceiving(maximum: 4096) { datagram in
            guard let text = String(validating: datagram.bytes, as: UTF8.self) else { return }
            let message = try? SSDPMessage(decoding: datagram.bytes[...])
            if let message, message.kind != .response { return }
            let ip: IPv4Address? =
                switch addressFrom {
                case .location: SSDPAddressExtractor.address(in: text)
                case .sender: datagram.sender
                }
            let response = Response(
                sender: datagram.sender,
                ip: ip,
                afterMs: Int((datagram.receivedAtNs &- sentAt) / 1_000_000),
                location: message?.header("LOCATION"),
                st: message?.header("ST")
            )
            self.events?.record(
                .answerReceived(.init(phase: self.id, protocol: .ssdp, from: datagram.sender, credited: ip))
            )
            collected.withLock { state in
                state.responses.append(response)
                if let ip, state.seen.insert(ip).inserted { state.ips.append(ip) }
            }
        }
        let request = SSDPSearchRequest(mx: settings.mx, st: settings.st).bytes
        do {
            try socket.send(request, to: SSDPSearchRequest.group, port: SSDPSearchRequest.port)
            events?.record(
                .packetSent(
                    .init(
                        phase: self.id,
                        kind: .ssdpMSearch,
                        ip: SSDPSearchRequest.group,
                        port: Int(SSDPSearchRequest.port),
                        bytes: request.count
                    )
                )
            )
        } catch {
            FileHandle.standardError.write(Data("ssdp: \(error)\n".utf8))
            return []
        }
        try? await Task.sleep(for: .milliseconds(settings.windowMs))
        let state = collected.withLock { $0 }
        results.withLock { $0 = state.responses }
        return state.ips
    }

    /// Waits for the connection's path (NetMonitor's wait for `.ready`, spec §2.5 step 1), checking
    /// every `pathPollMs`: logs `waiting` with the path's error whenever it changes, and when
    /// `ready_timeout_ms` passes first, `ready_timeout` and `cancelled`.
    /// - Returns: true when the path is satisfied; false on timeout or cancellation.
    private func waitUntilReady(connection: UInt64, context: ScanContext) async -> Bool {
        let deadline = MonotonicClock.now() &+ UInt64(max(settings.readyTimeoutMs, 0)) * 1_000_000
        var reported: ConnectionError?
        while let error = pathCheck(context.interface, context.localIP) {
            if error != reported {
                events?.record(.connectionState(.init(connection: connection, state: .waiting, error: error.name)))
                reported = error
            }
            let now = MonotonicClock.now()
            if now >= deadline {
                events?.record(
                    .readyTimeout(
                        .init(
                            phase: id,
                            connection: connection,
                            timeoutMs: settings.readyTimeoutMs,
                            error: error.name
                        )
                    )
                )
                events?.record(.connectionState(.init(connection: connection, state: .cancelled)))
                FileHandle.standardError.write(
                    Data(
                        "ssdp: not ready after \(settings.readyTimeoutMs) ms (\(error.name)); no M-SEARCH sent\n".utf8
                    )
                )
                return false
            }
            do {
                try await Task.sleep(for: .nanoseconds(min(UInt64(Self.pathPollMs) * 1_000_000, deadline - now)))
            } catch {
                events?.record(.connectionState(.init(connection: connection, state: .cancelled)))
                return false
            }
        }
        return true
    }
}
