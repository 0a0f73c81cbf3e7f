/// The device the app runs on, as far as the app's own side goes: what Network.framework's
/// callbacks and connection set-up cost, how wide the queue its callbacks run on is, and what
/// a published change costs the main thread (docs/PLATFORMS.md).
///
/// A profile is app configuration, like a strategy: `scanbench app|scan|run --platform NAME|PATH`
/// (`fixtures/platforms/NAME.yaml`). It changes the app's queues, callbacks and timers, never the
/// LAN's devices. Every parameter states where its value comes from: a public `source`, or an
/// `assumption` with the `sweep` range to measure it over (`scanbench run --sweep platform.KEY=…`).
/// `linux` (the default) adds nothing: every cost 0 and no emulated pool, so the app behaves
/// exactly as without a profile.
public struct PlatformProfile: Codable, Sendable, Equatable {
    /// One parameter: its value and where the value comes from.
    public struct Parameter: Codable, Sendable, Equatable {
        public var value: Double
        /// A public source (document, session, measurement, source file) for `value`.
        public var source: String?
        /// Why `value` is assumed when no source was found; comes with `sweep`.
        public var assumption: String?
        /// `[low, high]`: the range an assumption should be measured over.
        public var sweep: [Double]?

        public init(value: Double, source: String? = nil, assumption: String? = nil, sweep: [Double]? = nil) {
            self.value = value
            self.source = source
            self.assumption = assumption
            self.sweep = sweep
        }

        /// True when the value has no source and must be swept.
        public var isAssumption: Bool { assumption != nil }

        enum CodingKeys: String, CodingKey, CaseIterable { case value, source, assumption, sweep }
    }

    /// The profile's name (its file's stem for the built-ins).
    public var name: String
    /// The device it describes, in words.
    public var device: String
    /// CPU spent on the queue that delivers each connection state callback, before the
    /// handler runs (µs; NWConnection's `stateUpdateHandler` delivery).
    public var callbackUs: Parameter
    /// CPU spent on the calling thread to create and start each connection (µs;
    /// `NWConnection(…)` + `start(queue:)`).
    public var connectionSetupUs: Parameter
    /// CPU spent on the main actor per publish that reaches it (µs; the hop and the view
    /// updates a change causes), on top of the UI model's own measured work.
    public var publishUs: Parameter
    /// Threads of the emulated dispatch pool that runs connection callbacks put on a shared queue
    /// (the scan's probes, and the tools under `tools.executor: shared_pool`); 0: no emulated pool
    /// (scan callbacks on the reactor thread, tool callbacks on Swift's global executor).
    public var callbackPoolWidth: Parameter
    /// 1: the app observes its interface's path and connections follow it as NWConnection's do —
    /// a connection still establishing goes to `waiting(ENETDOWN)` when the path becomes
    /// unsatisfied (one started then waits at once), and every connection still `waiting` is
    /// retried when the path is satisfied again (`PathMonitor`). 0 or absent: no path observation
    /// (connections wait only on a refusal or an unreachable host, and never leave `waiting`).
    public var pathWaiting: Parameter?
    /// Milliseconds from the path becoming satisfied again to the retry of the connections still
    /// `waiting` (absent: 0).
    public var pathRetryDelayMs: Parameter?
    /// Network.framework flows the process may hold at once (connections started and not yet
    /// failed or cancelled); a connection started past it goes to `waiting(ENOMEM)` and stays
    /// there until cancelled. 0 or absent: no limit but the process's file descriptors.
    public var maxFlows: Parameter?
    /// How a refused connect (RST, `ECONNREFUSED`) is reported: 0 (`waiting`) as
    /// `waiting(ECONNREFUSED)`, 1 (`failed`) as `failed(ECONNREFUSED)`. Absent: 0.
    public var refusedConnect: Parameter?
    /// Seconds the app keeps running after the user leaves it (a `background` session action)
    /// before the system suspends it. 0 or absent: it is never suspended.
    public var backgroundTimeS: Parameter?

    public init(
        name: String,
        device: String,
        callbackUs: Parameter,
        connectionSetupUs: Parameter,
        publishUs: Parameter,
        callbackPoolWidth: Parameter,
        pathWaiting: Parameter? = nil,
        pathRetryDelayMs: Parameter? = nil,
        maxFlows: Parameter? = nil,
        refusedConnect: Parameter? = nil,
        backgroundTimeS: Parameter? = nil
    ) {
        self.name = name
        self.device = device
        self.callbackUs = callbackUs
        self.connectionSetupUs = connectionSetupUs
        self.publishUs = publishUs
        self.callbackPoolWidth = callbackPoolWidth
        self.pathWaiting = pathWaiting
        self.pathRetryDelayMs = pathRetryDelayMs
        self.maxFlows = maxFlows
        self.refusedConnect = refusedConnect
        self.backgroundTimeS = backgroundTimeS
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, device
        case callbackUs = "callback_us"
        case connectionSetupUs = "connection_setup_us"
        case publishUs = "publish_us"
        case callbackPoolWidth = "callback_pool_width"
        case pathWaiting = "path_waiting"
        case pathRetryDelayMs = "path_retry_delay_ms"
        case maxFlows = "max_flows"
        case refusedConnect = "refused_connect"
        case backgroundTimeS = "background_time_s"
    }

    /// The parameters by their file key, in file order (the optional ones when the file has them).
    public var parameters: [(key: String, parameter: Parameter)] {
        let optional: [(key: String, parameter: Parameter)] = [
            (CodingKeys.pathWaiting.rawValue, pathWaiting), (CodingKeys.pathRetryDelayMs.rawValue, pathRetryDelayMs),
            (CodingKeys.maxFlows.rawValue, maxFlows), (CodingKeys.refusedConnect.rawValue, refusedConnect),
            (CodingKeys.backgroundTimeS.rawValue, backgroundTimeS),
        ]
        .compactMap { key, parameter in parameter.map { (key, $0) } }
        return [
            (CodingKeys.callbackUs.rawValue, callbackUs), (CodingKeys.connectionSetupUs.rawValue, connectionSetupUs),
            (CodingKeys.publishUs.rawValue, publishUs), (CodingKeys.callbackPoolWidth.rawValue, callbackPoolWidth),
        ] + optional
    }

    /// The parameter keys a profile has (what `--sweep platform.KEY=…` may name).
    public static let parameterKeys = [
        CodingKeys.callbackUs, .connectionSetupUs, .publishUs, .callbackPoolWidth, .pathWaiting, .pathRetryDelayMs,
        .maxFlows, .refusedConnect, .backgroundTimeS,
    ]
    .map(\.rawValue)

    /// Parameters whose values have names (`refused_connect: waiting | failed`): the file writes
    /// the number, `--sweep platform.KEY=` takes the name or the number.
    public static let valueNames: [String: [String: Double]] = [
        CodingKeys.refusedConnect.rawValue: [
            "waiting": RefusedConnect.waiting.value, "failed": RefusedConnect.failed.value,
        ]
    ]

    /// How NWConnection reports a refused connect (`refused_connect`).
    public enum RefusedConnect: String, Sendable, CaseIterable {
        /// `waiting(ECONNREFUSED)`: the connection stays alive (community reports; today's model).
        case waiting
        /// `failed(ECONNREFUSED)`: the connection ends (one third-party guide).
        case failed

        /// The parameter's value for it.
        public var value: Double { self == .waiting ? 0 : 1 }
    }

    /// The refused-connect report the profile asks for (`waiting` when absent).
    public var refusedConnectReport: RefusedConnect { (refusedConnect?.value ?? 0) == 0 ? .waiting : .failed }

    /// The flow limit, nil for none (`max_flows` 0 or absent).
    public var flowLimit: Int? {
        guard let value = maxFlows?.value, value > 0 else { return nil }
        return Int(value)
    }

    /// How long the app runs in the background before it is suspended, nil for ever
    /// (`background_time_s` 0 or absent).
    public var backgroundWindowS: Double? {
        guard let value = backgroundTimeS?.value, value > 0 else { return nil }
        return value
    }

    /// True when the app watches its path and retries waiting connections (`path_waiting` not 0).
    public var observesPath: Bool { (pathWaiting?.value ?? 0) != 0 }

    /// True when the profile adds nothing: every cost 0 and no emulated pool. The app then runs
    /// exactly as it does without a profile, and the harness does not pass it.
    public var isNeutral: Bool {
        callbackUs.value == 0 && connectionSetupUs.value == 0 && publishUs.value == 0 && callbackPoolWidth.value == 0
            && !observesPath && flowLimit == nil && refusedConnectReport == .waiting && backgroundWindowS == nil
    }

}
