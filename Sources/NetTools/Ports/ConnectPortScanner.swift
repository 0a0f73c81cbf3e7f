import ScanKit
import Wire
import AppInputs

/// TCP connect port scanner in NetMonitor's shape: a sliding window of connects, a per-port
/// timeout, and the `.waiting` policy knob.
///
/// Network.framework reports a refused connect as `.waiting`; the knob decides what that means:
/// `inspect_error` (default here, as nmap): a refusal is *closed* at once, other errors wait
/// for the timer; `timer` (NetMonitor's): ignored, the timer fires and the port is *filtered*;
/// `fail` (an earlier NetMonitor's): give up at once, *filtered* (docs/TOOLS.md).
public struct ConnectPortScanner: Sendable {
    /// A port's verdict.
    public enum State: String, Sendable, Codable { case open, closed, filtered }

    /// One port's result.
    public struct PortResult: Sendable, Codable, Equatable {
        public var port: UInt16
        public var state: State
        public var service: String?
        /// Handshake time (open ports only).
        public var rttMs: Double?
        public var banner: String?

        enum CodingKeys: String, CodingKey { case port, state, service, banner, rttMs = "rtt_ms" }
    }

    public var concurrency = 20
    public var timeout = 2.0
    public var waitingPolicy: Strategy.WaitingPolicy = .inspectError
    public var grabBanners = false

    public init(
        concurrency: Int = 20,
        timeout: Double = 2.0,
        waitingPolicy: Strategy.WaitingPolicy = .inspectError,
        grabBanners: Bool = false
    ) {
        self.concurrency = concurrency
        self.timeout = timeout
        self.waitingPolicy = waitingPolicy
        self.grabBanners = grabBanners
    }

    /// Checks the settings.
    public func validate() throws(NetToolError) {
        guard (1...1000).contains(concurrency) else {
            throw .invalidArgument("--concurrency must be 1-1000 (got \(concurrency))")
        }
        guard timeout > 0 && timeout <= 60 else {
            throw .invalidArgument("--timeout must be above 0 and at most 60 s (got \(timeout))")
        }
    }

    /// The verdict for a connect outcome under `policy` (pure).
    public static func state(for outcome: TCPConnector.Outcome, policy: Strategy.WaitingPolicy) -> State {
        switch (outcome, policy) {
        case (.connected, _): .open
        case (.refused, .inspectError): .closed
        default: .filtered
        }
    }

    /// Whether the policy keeps a failed attempt waiting for its timer.
    static func holds(_ outcome: TCPConnector.Outcome, policy: Strategy.WaitingPolicy) -> Bool {
        switch (outcome, policy) {
        case (.connected, _), (_, .fail), (.refused, .inspectError): false
        default: true
        }
    }

    /// Scans `ports` of `ip`, reporting results in completion order; returns them by port.
    public func scan(
        _ ip: IPv4Address,
        ports: [UInt16],
        onResult: (PortResult) -> Void = { _ in }
    ) throws(NetToolError) -> [PortResult] {
        try validate()
        var results: [PortResult] = []
        let policy = waitingPolicy
        TCPConnector.run(
            ports.map { TCPConnector.Target(ip: ip, port: $0) },
            concurrency: concurrency,
            timeout: timeout,
            holdFailures: { Self.holds($0, policy: policy) }
        ) { attempt in
            let state = Self.state(for: attempt.outcome, policy: policy)
            let result = PortResult(
                port: attempt.target.port,
                state: state,
                service: ServiceNames.name(attempt.target.port),
                rttMs: state == .open ? attempt.elapsedMs : nil,
                banner: nil
            )
            results.append(result)
            if !grabBanners { onResult(result) }
        }
        if grabBanners {
            for index in results.indices where results[index].state == .open {
                results[index].banner = BannerGrabber.grab(ip, port: results[index].port, timeout: min(timeout, 2))
            }
            results.forEach(onResult)
        }
        return results.sorted { $0.port < $1.port }
    }
}
