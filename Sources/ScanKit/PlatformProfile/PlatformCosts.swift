import Platform
import Synchronization

/// What a platform profile makes the app do, installed once per process before the app starts
/// (`scanbench app|scan --platform`): the costs are real CPU spent where the phone spends it
/// (`ThreadCPUClock.spin`), not numbers added to results afterwards.
///
/// - `callbackNs` on the queue that delivers a connection state callback (`CallbackQueue.run`),
///   before the handler;
/// - `connectionSetupNs` on the thread that starts a connection (`ScanConnection.start`);
/// - `publishNs` on the main actor for each publish (`DeviceListModel.handle`);
/// - `callbackPoolWidth` > 0 runs the callbacks the app puts on a shared queue on an emulated
///   dispatch pool of that many threads (`CallbackPool`).
///
/// `none` (the `linux` profile) changes nothing: no spin, no pool.
public struct PlatformCosts: Sendable, Equatable {
    public var callbackNs: UInt64
    public var connectionSetupNs: UInt64
    public var publishNs: UInt64
    public var callbackPoolWidth: Int

    public init(
        callbackNs: UInt64 = 0,
        connectionSetupNs: UInt64 = 0,
        publishNs: UInt64 = 0,
        callbackPoolWidth: Int = 0
    ) {
        self.callbackNs = callbackNs
        self.connectionSetupNs = connectionSetupNs
        self.publishNs = publishNs
        self.callbackPoolWidth = callbackPoolWidth
    }

    /// Nothing added: this machine as it is.
    public static let none = PlatformCosts()

    private static let installed = Mutex(PlatformCosts.none)
    private static let pool = Mutex<CallbackPool?>(nil)
    /// Set once costs other than `none` are installed: until then (and always under `linux`) the
    /// per-callback check is one atomic load, no lock.
    private static let active = Atomic<Bool>(false)

    /// The costs in force in this process (`none` until `install`).
    public static var current: PlatformCosts {
        guard active.load(ordering: .acquiring) else { return .none }
        return installed.withLock { $0 }
    }

    /// Puts `costs` in force for the rest of the process. Call once, before the app starts any
    /// connection; an emulated pool, once started, keeps its width.
    public static func install(_ costs: PlatformCosts) {
        installed.withLock { $0 = costs }
        active.store(costs != .none, ordering: .releasing)
        if costs.callbackPoolWidth > 0 {
            pool.withLock { pool in
                if pool == nil { pool = CallbackPool(width: costs.callbackPoolWidth, name: "platform-callback-pool") }
            }
        }
    }

    /// The emulated pool, when the costs in force have one.
    static var callbackPool: CallbackPool? { pool.withLock { $0 } }

    /// Spends `nanoseconds` of CPU on the calling thread.
    static func spend(_ nanoseconds: UInt64) {
        ThreadCPUClock.spin(nanoseconds: nanoseconds)
    }
}
