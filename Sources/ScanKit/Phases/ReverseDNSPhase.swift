import Foundation
import Wire
import AppInputs

/// The reverse DNS phase (`reverse_dns`, spec §2.7): for every device without a name when the
/// phase starts, a PTR lookup — through the system resolver (`getnameinfo` with `NI_NAMEREQD`)
/// or as a direct query to the gateway — at most `concurrency` at a time, each raced against
/// `timeout_ms`. A blocked `getnameinfo` is abandoned at the timeout (its thread finishes on its
/// own); a gateway query stops waiting by itself.
public struct ReverseDNSPhase: ScanPhase {
    public let id = PhaseKind.reverseDNS.rawValue
    public let displayName = PhaseKind.reverseDNS.displayName
    public let weight = PhaseKind.reverseDNS.weight
    public var settings: Strategy.PTR

    public init(settings: Strategy.PTR) { self.settings = settings }

    public func execute(
        context: ScanContext,
        accumulator: ScanAccumulator,
        progress: @escaping @Sendable (Double) -> Void
    ) async {
        progress(0)
        let targets = await accumulator.snapshot().filter { $0.hostname == nil }.map(\.ip)
        guard !targets.isEmpty else {
            progress(1)
            return
        }
        let resolver = settings.resolver
        let timeoutMs = settings.timeoutMs
        let gateway = context.gateway
        let events = context.events
        let interface = context.interface
        let phase = id
        var done = 0
        await withTaskGroup(of: (IPv4Address, String?).self) { group in
            var next = 0
            func startNext() {
                guard next < targets.count else { return }
                let ip = targets[next]
                next += 1
                group.addTask {
                    let name = await Self.lookup(ip, timeoutMs: timeoutMs) {
                        switch resolver {
                        case .system: SocketSystem.reverseName(ip)
                        case .gateway:
                            gateway.flatMap {
                                GatewayPTRQuery(ip: ip, server: $0, timeoutMs: timeoutMs, interface: interface)
                                    .run(events: events, phase: phase)
                            }
                        }
                    }
                    return (ip, name.flatMap { Self.clean($0, ip: ip) })
                }
            }
            for _ in 0..<min(max(settings.concurrency, 1), targets.count) { startNext() }
            while let (ip, name) = await group.next() {
                done += 1
                if let name { await accumulator.upsert(DiscoveredDevice(ip: ip, source: .ptr, hostname: name)) }
                progress(Double(done) / Double(targets.count))
                if !Task.isCancelled { startNext() }
            }
        }
        progress(1)
    }

    /// A name without its trailing dot; nil when empty or just the address again.
    static func clean(_ name: String, ip: IPv4Address) -> String? {
        let trimmed = name.hasSuffix(".") ? String(name.dropLast()) : name
        return trimmed.isEmpty || trimmed == ip.description ? nil : trimmed
    }

    /// Runs a blocking `resolve` on its own thread, raced against the timeout.
    static func lookup(_ ip: IPv4Address, timeoutMs: Int, resolve: @escaping @Sendable () -> String?) async -> String? {
        let result = OneShot<String?>()
        let timer = Reactor.shared.schedule(afterNs: UInt64(timeoutMs) * 1_000_000) { result.deliver(nil) }
        Thread { result.deliver(resolve()) }.start()
        let name = await withTaskCancellationHandler {
            await result.value()
        } onCancel: {
            result.deliver(nil)
        }
        Reactor.shared.cancelTimer(timer)
        return name
    }
}
