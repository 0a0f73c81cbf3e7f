import AppContract
import Platform

import Wire
import AppInputs

/// One TCP connect probe: a `ScanConnection`, the caller's timer, and a `.waiting` policy (under
/// NWConnection; a BSD socket's refusal is `failed(ECONNREFUSED)`, an answer, at once).
///
/// Elapsed time runs from just before `start` to the time the reactor observed the state
/// change (NetMonitor captured it synchronously in its state callback). The connection is
/// cancelled when the probe ends, whatever the outcome. Budget slots are the caller's business.
public struct PortProbe: Sendable {
    public var ip: IPv4Address
    public var port: Int
    public var timeoutMs: Double
    public var waitingPolicy: Strategy.WaitingPolicy
    public var interface: String?
    public var phase: String
    public var events: (any EventSink)?
    /// Where state callbacks run (the scan's probes: on the reactor; the app's tools: per
    /// `tools.executor`).
    public var callbacks: CallbackQueue = .reactor
    /// `callback`: elapsed time is taken when the callback runs on `callbacks`; `kernel`: when
    /// the reactor saw the change.
    public var timestamps: Strategy.PingTimestamps = .kernel
    /// `SO_REUSEADDR`/`SO_REUSEPORT` on the socket (the port scanner's `local_endpoint_reuse`).
    public var reuseLocalEndpoint = false
    /// NWConnection or a BSD socket (`connection_api`); a BSD socket never reports `.waiting`, so
    /// `waitingPolicy` then has nothing to decide.
    public var connectionAPI: Strategy.ConnectionAPI = .nwConnection

    public init(
        ip: IPv4Address,
        port: Int,
        timeoutMs: Double,
        waitingPolicy: Strategy.WaitingPolicy,
        interface: String? = nil,
        phase: String,
        events: (any EventSink)? = nil,
        connectionAPI: Strategy.ConnectionAPI = .nwConnection
    ) {
        self.ip = ip
        self.port = port
        self.timeoutMs = timeoutMs
        self.waitingPolicy = waitingPolicy
        self.interface = interface
        self.phase = phase
        self.events = events
        self.connectionAPI = connectionAPI
    }

    /// Runs the probe; returns `.cancelled` at once if the calling task is cancelled.
    public func run(reactor: Reactor = .shared) async -> PortProbeOutcome {
        if Task.isCancelled { return .cancelled }
        let finish = OneShot<PortProbeOutcome>()
        let connection = ScanConnection(
            to: ip,
            port: port,
            interface: interface,
            phase: phase,
            events: events,
            reactor: reactor,
            reuseLocalEndpoint: reuseLocalEndpoint,
            api: connectionAPI
        )
        let (policy, callbacks, timestamps) = (waitingPolicy, callbacks, timestamps)
        let start = MonotonicClock.now()
        let timer = reactor.schedule(afterNs: UInt64(max(timeoutMs, 0) * 1_000_000)) { finish.deliver(.timeout) }
        connection.start { state, seen in
            callbacks.run {
                let time = timestamps == .callback ? MonotonicClock.now() : seen
                let elapsed = Double(time &- start) / 1_000_000
                if case .finish(let outcome) = WaitingDecision.decide(state, elapsedMs: elapsed, policy: policy) {
                    finish.deliver(outcome)
                }
            }
        }
        let outcome = await withTaskCancellationHandler {
            await finish.value()
        } onCancel: {
            finish.deliver(.cancelled)
        }
        reactor.cancelTimer(timer)
        connection.cancel()
        return outcome
    }
}
