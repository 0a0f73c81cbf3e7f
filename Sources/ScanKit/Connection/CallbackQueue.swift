import AppInputs

/// Where a connection's state callbacks run, and so when their timestamps are taken (review
/// problems 3.2 and 4.2; `tools.executor`).
///
/// - `reactor`: on the reactor thread that saw the change, at once (the scan's probes).
/// - `sharedPool`: a task on Swift's global concurrent pool, behind whatever the scan's phases,
///   accumulator and publishing have queued there: NetMonitor's `connection.start(queue:
///   .global())`, whose callbacks waited for a pool thread.
/// - `dedicated`: a thread of its own at raised priority (nice −10 when allowed): the review's
///   priority 5, `DispatchQueue(label: "com.netmonitor.ping", qos: .userInteractive)`.
///
/// A platform profile (`PlatformCosts`) changes where and at what cost: each callback first
/// spends `callback_us` of CPU on the queue that runs it, and with `callback_pool_width` > 0 the
/// shared queues — the scan's (`reactor`: NetMonitor's `com.netmonitor.scan` concurrent queue)
/// and the tools' `sharedPool` (`.global()`) — run on one emulated dispatch pool of that width,
/// as both do on GCD's global pool on an iPhone. Without a profile (`linux`) nothing changes.
public final class CallbackQueue: Sendable {
    private enum Kind { case reactor, sharedPool, dedicated(DedicatedThread) }
    private let kind: Kind

    /// Callbacks run where the reactor saw them.
    public static let reactor = CallbackQueue(kind: .reactor)

    private init(kind: Kind) { self.kind = kind }

    /// The queue a strategy's `tools.executor` asks for; `dedicated` starts a thread named `name`.
    public convenience init(_ executor: Strategy.ToolExecutor, name: String) {
        switch executor {
        case .sharedPool: self.init(kind: .sharedPool)
        case .dedicated: self.init(kind: .dedicated(DedicatedThread(name: name)))
        }
    }

    /// True for a thread of its own: a tool that already blocks on a thread of its own (the ICMP
    /// reader, like NetMonitor's `ICMPSocket` queue) runs its completion there instead of hopping.
    public var isDedicated: Bool { if case .dedicated = kind { true } else { false } }

    /// Runs `work` where this queue runs callbacks.
    public func run(_ work: @escaping @Sendable () -> Void) {
        let costs = PlatformCosts.current
        guard costs != .none else {
            switch kind {
            case .reactor: work()
            case .sharedPool: Task.detached(priority: .medium) { work() }
            case .dedicated(let thread): thread.enqueue(work)
            }
            return
        }
        let cost = costs.callbackNs
        let paid: @Sendable () -> Void = {
            PlatformCosts.spend(cost)
            work()
        }
        switch (kind, PlatformCosts.callbackPool) {
        case (.reactor, let pool?), (.sharedPool, let pool?): pool.enqueue(paid)
        case (.reactor, nil): paid()
        case (.sharedPool, nil): Task.detached(priority: .medium) { paid() }
        case (.dedicated(let thread), _): thread.enqueue(paid)
        }
    }
}
