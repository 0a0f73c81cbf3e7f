import Platform

import Synchronization
import Wire

/// The app's view of its network path, as NWPathMonitor gives it on iOS, and the connections
/// that follow it (`PathModel`; docs/PLATFORMS.md, "`.waiting` and the path").
///
/// The monitor listens to the kernel's interface announcements (rtnetlink, `LinkEvents`) on the
/// reactor thread and, at each, reads the interfaces as they are (`getifaddrs`). A connection's
/// path is its bound interface, or else the interface whose subnet holds its remote address; it
/// is unsatisfied while that interface is down, without carrier or without an address
/// (`PathReadiness.decide`: `ENETDOWN`, `ENODEV`, `EADDRNOTAVAIL`). When a path becomes
/// unsatisfied, each connection on it hears `lost(error)`; when it is satisfied again, each hears
/// `restored()` after the model's retry delay (unless the path was lost again meanwhile).
/// Addresses outside every local subnet are not followed (their path is a route: not modelled).
///
/// It reads only this process's own interfaces: like ScanKit as a whole, it knows nothing of the
/// testbed, its fixture or its switch.
public final class PathMonitor: Sendable {
    /// A connection following the monitor.
    public struct Follower: Sendable {
        /// The path became unsatisfied with this error.
        public var lost: @Sendable (ConnectionError) -> Void
        /// The path is satisfied again (after the retry delay).
        public var restored: @Sendable () -> Void

        public init(lost: @escaping @Sendable (ConnectionError) -> Void, restored: @escaping @Sendable () -> Void) {
            self.lost = lost
            self.restored = restored
        }
    }

    private struct State {
        var entries: [NetworkInterfaces.Entry]
        /// Interface name → nil (satisfied) or the error of its unsatisfied path, as last read.
        var status: [String: ConnectionError?] = [:]
        /// Interface name → times it became satisfied (a pending retry checks it is still current).
        var restorations: [String: UInt64] = [:]
        var followers: [UInt64: (interface: String, follower: Follower)] = [:]
    }

    public let model: PathModel
    private let reactor: Reactor
    private let read: @Sendable () -> [NetworkInterfaces.Entry]
    private let state: Mutex<State>

    private static let installed = Mutex<PathMonitor?>(nil)
    /// Set once a monitor is installed: until then (and always under `linux`) a connection's
    /// check is one atomic load, no lock.
    private static let active = Atomic<Bool>(false)

    /// The monitor in force in this process (nil until `install`, and under `linux`).
    public static var current: PathMonitor? {
        guard active.load(ordering: .acquiring) else { return nil }
        return installed.withLock { $0 }
    }

    /// Puts `model` in force for the rest of the process: with `observesPath`, opens the
    /// rtnetlink subscription and follows it on `reactor`. Call once, before any connection.
    /// - Throws: `SystemError` when the subscription cannot be opened.
    public static func install(_ model: PathModel, reactor: Reactor = .shared) throws(SystemError) {
        guard model.observesPath else { return }
        let fd = try LinkEvents.open()
        let monitor = PathMonitor(model: model, reactor: reactor)
        _ = reactor.watch(fd, events: Epoll.readable) { _, _ in
            LinkEvents.drain(fd)
            monitor.update()
        }
        installed.withLock { $0 = monitor }
        active.store(true, ordering: .releasing)
    }

    /// A monitor that reads interfaces with `read` and looks again only when `update` is called
    /// (the installed one calls it at every rtnetlink announcement; tests call it by hand).
    public init(
        model: PathModel,
        reactor: Reactor = .shared,
        read: @escaping @Sendable () -> [NetworkInterfaces.Entry] = { NetworkInterfaces.entries() }
    ) {
        self.model = model
        self.reactor = reactor
        self.read = read
        let entries = read()
        var initial = State(entries: entries)
        for name in Set(entries.map(\.name)) { initial.status[name] = Self.decide(interface: name, entries: entries) }
        state = Mutex(initial)
    }

    /// Starts following the path to `remote` (through `interface` when bound) for connection `id`.
    /// - Returns: nil when the path is satisfied now (or not followed), else the error of its
    ///   unsatisfied path: the connection must wait for it instead of connecting.
    public func follow(_ id: UInt64, remote: IPv4Address, interface: String?, _ follower: Follower) -> ConnectionError?
    {
        state.withLock { state -> ConnectionError? in
            guard let name = interface ?? Self.interface(holding: remote, in: state.entries) else { return nil }
            state.followers[id] = (name, follower)
            return Self.decide(interface: name, entries: state.entries)
        }
    }

    /// Stops following for connection `id` (it ended).
    public func unfollow(_ id: UInt64) {
        _ = state.withLock { $0.followers.removeValue(forKey: id) }
    }

    /// Reads the interfaces again and tells the followers of every path whose state changed.
    public func update() {
        let entries = read()
        let now = MonotonicClock.now()
        let (lost, restored) = state.withLock { state -> ([(Follower, ConnectionError)], [String]) in
            state.entries = entries
            var lost: [(Follower, ConnectionError)] = []
            var restored: [String] = []
            for name in Set(entries.map(\.name)).union(state.status.keys) {
                let next = Self.decide(interface: name, entries: entries)
                let before = state.status[name] ?? nil
                state.status[name] = next
                switch (before, next) {
                case (nil, let error?):
                    lost += state.followers.values.filter { $0.interface == name }.map { ($0.follower, error) }
                case (_?, nil):
                    state.restorations[name] = now
                    restored.append(name)
                default:
                    break
                }
            }
            return (lost, restored)
        }
        for (follower, error) in lost { follower.lost(error) }
        for name in restored {
            if model.retryDelayNs == 0 {
                retry(name, restoredAt: now)
            } else {
                reactor.schedule(afterNs: model.retryDelayNs) { [self] in retry(name, restoredAt: now) }
            }
        }
    }

    /// The connections on `name` retry, if the path has stayed satisfied since `restoredAt`.
    private func retry(_ name: String, restoredAt: UInt64) {
        let followers = state.withLock { state -> [Follower] in
            guard state.restorations[name] == restoredAt, (state.status[name] ?? nil) == nil else { return [] }
            return state.followers.values.filter { $0.interface == name }.map(\.follower)
        }
        for follower in followers { follower.restored() }
    }

    /// The path of interface `name`: nil when satisfied, else its error (`PathReadiness.decide`).
    static func decide(interface name: String, entries: [NetworkInterfaces.Entry]) -> ConnectionError? {
        PathReadiness.decide(interface: name, localIP: nil, interfaces: PathReadiness.interfaces(from: entries))
    }

    /// The interface whose IPv4 subnet holds `remote`, if any.
    static func interface(holding remote: IPv4Address, in entries: [NetworkInterfaces.Entry]) -> String? {
        entries.first { entry in
            guard let ipv4 = entry.ipv4, ipv4.prefixLength > 0, ipv4.prefixLength <= 32 else { return false }
            let mask: UInt32 = ipv4.prefixLength == 32 ? .max : ~(UInt32.max >> UInt32(ipv4.prefixLength))
            return ipv4.address.value & mask == remote.value & mask
        }?.name
    }
}
