import Wire

/// What a stream of scan events adds up to, folded in one place.
///
/// Every reader of the events feeds them to `add(_:at:)` in order: the scanner's live statistics
/// (`RunStatistics`, as each event is recorded), the app's hang report (`PhaseTracker`) and the
/// harness's join (`MetricsJoiner`, over the decoded log afterwards). So "in flight" (created
/// until `failed` or `cancelled`), "a late frame" or "a phase cut at its deadline" mean one thing
/// to all of them, and the typed payloads are matched by case, never by string.
public struct EventTally: Sendable {
    /// A frame-probe tick later than this is a late frame (one 60 Hz frame).
    public static let frameBudgetNs: UInt64 = 16_666_667

    /// Times of the first and last event, and of the first `scan_start` and last `scan_end`.
    public private(set) var firstNs: UInt64?
    public private(set) var lastNs: UInt64?
    public private(set) var scanStartNs: UInt64?
    public private(set) var scanEndNs: UInt64?

    /// `connection_created` events, and those of them over TCP, per address.
    public private(set) var connectionsCreated = 0
    public private(set) var tcpConnectionsCreated = 0
    public private(set) var tcpConnectsByAddress: [IPv4Address: Int] = [:]
    /// Connections created and not yet `failed` or `cancelled`, and the most at any moment.
    public private(set) var openConnections: Set<UInt64> = []
    public private(set) var peakInFlight = 0
    /// `waiting` and `failed` states by POSIX error name (`unknown` when the event gave none).
    public private(set) var waitingByError: [String: Int] = [:]
    public private(set) var failedByError: [String: Int] = [:]

    /// Tasks queued for a budget slot; the most slots held at a grant; the largest effective limit (nil: unlimited).
    public private(set) var budgetWaits = 0
    public private(set) var peakSlotsInUse = 0
    public private(set) var budgetLimit: Int?

    /// Phase id → times given to `add` at its `phase_start` and `phase_end`.
    public private(set) var phaseTimes: [String: (start: UInt64, end: UInt64?)] = [:]
    /// Phase id → `phase_end`'s outcome and its own `elapsed_ns`.
    public private(set) var phaseOutcomes: [String: PhaseOutcome] = [:]
    public private(set) var phaseElapsedNs: [String: UInt64] = [:]
    /// Phases that ended `abandoned`, in the order they ended.
    public private(set) var phasesCutAtDeadline: [String] = []
    /// Phases started and not ended, in start order.
    public private(set) var openPhases: [String] = []

    /// Each publish's main-actor time, in order (0 when the publish did not measure it).
    public private(set) var publishBusyNs: [UInt64] = []
    /// Publishes that handed over the device list (logs from before the flag: every publish).
    public private(set) var deviceListPublishes = 0
    /// Frame-probe ticks later than `frameBudgetNs`, and the latest tick's lateness.
    public private(set) var lateFrames = 0
    public private(set) var worstFrameLateNs: UInt64 = 0

    /// Per address: the source and time it was first seen, and every source in the order they saw it.
    public private(set) var firstSeen: [IPv4Address: (source: DeviceSource, timeNs: UInt64)] = [:]
    public private(set) var sources: [IPv4Address: [DeviceSource]] = [:]
    /// Per address: when a listening phase first heard an mDNS answer from it (`answer_received`,
    /// protocol `mdns`, by its sender or the address it was credited to) — the responder's first
    /// answer as the app heard it, whatever the browse window did with it.
    public private(set) var firstMDNSAnswerNs: [IPv4Address: UInt64] = [:]

    /// What the scanner did toward each address and saw of it (nil unless asked for at `init`).
    public private(set) var evidence: Evidence?

    /// - Parameter collectingEvidence: also keep `evidence`, for explaining missed devices after
    ///   a run (the harness); the scanner's own statistics leave it off.
    public init(collectingEvidence: Bool = false) {
        evidence = collectingEvidence ? Evidence() : nil
    }

    /// The tally of a whole decoded log, with evidence.
    public init(_ records: [EventRecord]) {
        self.init(collectingEvidence: true)
        for record in records { add(record.event, at: record.timeNs) }
    }

    /// Connections in flight now.
    public var inFlight: Int { openConnections.count }

    /// Folds one event, recorded at `timeNs`, into the tally.
    public mutating func add(_ event: ScanEvent, at timeNs: UInt64) {
        if firstNs == nil { firstNs = timeNs }
        lastNs = timeNs
        evidence?.add(event)
        switch event {
        case .scanStart:
            if scanStartNs == nil { scanStartNs = timeNs }
        case .scanEnd:
            scanEndNs = timeNs
        case .connectionCreated(let created):
            connectionsCreated += 1
            if created.transport == .tcp {
                tcpConnectionsCreated += 1
                tcpConnectsByAddress[created.ip, default: 0] += 1
            }
            openConnections.insert(created.connection)
            peakInFlight = max(peakInFlight, openConnections.count)
        case .connectionState(let change):
            switch change.state {
            case .waiting: waitingByError[change.error ?? "unknown", default: 0] += 1
            case .failed: failedByError[change.error ?? "unknown", default: 0] += 1
            default: break
            }
            if change.state.isTerminal { openConnections.remove(change.connection) }
        case .budgetWait:
            budgetWaits += 1
        case .budgetAcquire(let acquire):
            peakSlotsInUse = max(peakSlotsInUse, acquire.active)
            if let limit = acquire.limit { budgetLimit = max(budgetLimit ?? 0, limit) }
        case .phaseStart(let start):
            phaseTimes[start.phase] = (timeNs, nil)
            openPhases.append(start.phase)
        case .phaseEnd(let end):
            phaseTimes[end.phase, default: (timeNs, nil)].end = timeNs
            phaseOutcomes[end.phase] = end.outcome
            phaseElapsedNs[end.phase] = end.elapsedNs
            if end.outcome == .abandoned { phasesCutAtDeadline.append(end.phase) }
            openPhases.removeAll { $0 == end.phase }
        case .publish(let publish):
            publishBusyNs.append(publish.mainBusyNs ?? 0)
            if publish.deviceList ?? true { deviceListPublishes += 1 }
        case .frameProbe(let frame):
            if frame.lateNs > Self.frameBudgetNs { lateFrames += 1 }
            worstFrameLateNs = max(worstFrameLateNs, frame.lateNs)
        case .deviceFirstSeen(let seen):
            if firstSeen[seen.ip] == nil {
                firstSeen[seen.ip] = (seen.source, timeNs)
                sources[seen.ip, default: []].append(seen.source)
            }
        case .deviceSourceAdded(let added):
            sources[added.ip, default: []].append(added.source)
        case .answerReceived(let answer) where answer.protocol == .mdns:
            for ip in [answer.from] + (answer.credited.map { [$0] } ?? []) where firstMDNSAnswerNs[ip] == nil {
                firstMDNSAnswerNs[ip] = timeNs
            }
        default:
            break
        }
    }
}
