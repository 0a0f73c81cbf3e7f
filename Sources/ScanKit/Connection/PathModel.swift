/// How the app's connections follow its network path: a platform profile's `path_waiting` and
/// `path_retry_delay_ms` (docs/PLATFORMS.md, "`.waiting` and the path").
///
/// Network.framework's model, from Apple's documentation: `waiting` means "the connection is
/// waiting for a network path change" (`NWConnection.State.waiting`); "connections that are
/// waiting will automatically restart on network path changes" (`NWConnection.restart()`), with
/// no timer of their own. `none` (the `linux` profile) observes no path: a connection waits only
/// after a refusal or an unreachable host, and stays there until the app cancels it.
public struct PathModel: Sendable, Equatable {
    /// The app observes its interfaces (`PathMonitor`) and connections follow the path.
    public var observesPath: Bool
    /// From the path becoming satisfied again to the retry of the connections still waiting.
    public var retryDelayNs: UInt64

    public init(observesPath: Bool, retryDelayNs: UInt64 = 0) {
        self.observesPath = observesPath
        self.retryDelayNs = retryDelayNs
    }

    /// No path observation: this machine as it is.
    public static let none = PathModel(observesPath: false)
}
