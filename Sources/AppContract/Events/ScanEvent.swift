/// Everything the system under test writes to the event log, one case per `type` value.
///
/// Each case carries a payload struct whose fields become top-level JSON fields beside
/// `t_ns` and `type` (see `EventRecord` and docs/EVENTS.md). Field names are snake_case and
/// stable: the harness joins on them.
public enum ScanEvent: Sendable, Equatable {
    case scanStart(ScanStart)
    case scanEnd(ScanEnd)
    case phaseStart(PhaseStart)
    case phaseEnd(PhaseEnd)
    case connectionCreated(ConnectionCreated)
    case connectionState(ConnectionState)
    case budgetAcquire(BudgetAcquire)
    case budgetWait(BudgetWait)
    case budgetWaitCancelled(BudgetWaitCancelled)
    case budgetRelease(BudgetRelease)
    case budgetReset(BudgetReset)
    case thermalChange(ThermalChange)
    case packetSent(PacketSent)
    case sendFailed(SendFailed)
    case deviceFirstSeen(DeviceFirstSeen)
    case deviceSourceAdded(DeviceSourceAdded)
    case publish(Publish)
    case frameProbe(FrameProbe)
    case serviceResolved(ServiceResolved)
    case neighbourTableRead(NeighbourTableRead)
    case answerReceived(AnswerReceived)
    case readyTimeout(ReadyTimeout)
    case staleCallback(StaleCallback)

    /// The `phase` of what one of the app's tools does beside the scan (`scanbench app`):
    /// `tool.ping`, `tool.ports` …; every other phase is the scan's. Who reads the log by phase
    /// (`ScanFindings`) tells the two apart by it.
    public static func toolPhase(_ tool: String) -> String { toolPhasePrefix + tool }

    /// True for a phase `toolPhase` made.
    public static func isToolPhase(_ phase: String) -> Bool { phase.hasPrefix(toolPhasePrefix) }

    private static let toolPhasePrefix = "tool."

    /// The `type` field's value.
    public var type: String {
        switch self {
        case .scanStart: "scan_start"
        case .scanEnd: "scan_end"
        case .phaseStart: "phase_start"
        case .phaseEnd: "phase_end"
        case .connectionCreated: "connection_created"
        case .connectionState: "connection_state"
        case .budgetAcquire: "budget_acquire"
        case .budgetWait: "budget_wait"
        case .budgetWaitCancelled: "budget_wait_cancelled"
        case .budgetRelease: "budget_release"
        case .budgetReset: "budget_reset"
        case .thermalChange: "thermal_change"
        case .packetSent: "packet_sent"
        case .sendFailed: "send_failed"
        case .deviceFirstSeen: "device_first_seen"
        case .deviceSourceAdded: "device_source_added"
        case .publish: "publish"
        case .frameProbe: "frame_probe"
        case .serviceResolved: "service_resolved"
        case .neighbourTableRead: "neighbour_table_read"
        case .answerReceived: "answer_received"
        case .readyTimeout: "ready_timeout"
        case .staleCallback: "stale_callback"
        }
    }

    var payload: any Encodable {
        switch self {
        case .scanStart(let p): p
        case .scanEnd(let p): p
        case .phaseStart(let p): p
        case .phaseEnd(let p): p
        case .connectionCreated(let p): p
        case .connectionState(let p): p
        case .budgetAcquire(let p): p
        case .budgetWait(let p): p
        case .budgetWaitCancelled(let p): p
        case .budgetRelease(let p): p
        case .budgetReset(let p): p
        case .thermalChange(let p): p
        case .packetSent(let p): p
        case .sendFailed(let p): p
        case .deviceFirstSeen(let p): p
        case .deviceSourceAdded(let p): p
        case .publish(let p): p
        case .frameProbe(let p): p
        case .serviceResolved(let p): p
        case .neighbourTableRead(let p): p
        case .answerReceived(let p): p
        case .readyTimeout(let p): p
        case .staleCallback(let p): p
        }
    }

    static func decode(type: String, from decoder: any Decoder) throws -> ScanEvent? {
        switch type {
        case "scan_start": .scanStart(try ScanStart(from: decoder))
        case "scan_end": .scanEnd(try ScanEnd(from: decoder))
        case "phase_start": .phaseStart(try PhaseStart(from: decoder))
        case "phase_end": .phaseEnd(try PhaseEnd(from: decoder))
        case "connection_created": .connectionCreated(try ConnectionCreated(from: decoder))
        case "connection_state": .connectionState(try ConnectionState(from: decoder))
        case "budget_acquire": .budgetAcquire(try BudgetAcquire(from: decoder))
        case "budget_wait": .budgetWait(try BudgetWait(from: decoder))
        case "budget_wait_cancelled": .budgetWaitCancelled(try BudgetWaitCancelled(from: decoder))
        case "budget_release": .budgetRelease(try BudgetRelease(from: decoder))
        case "budget_reset": .budgetReset(try BudgetReset(from: decoder))
        case "thermal_change": .thermalChange(try ThermalChange(from: decoder))
        case "packet_sent": .packetSent(try PacketSent(from: decoder))
        case "send_failed": .sendFailed(try SendFailed(from: decoder))
        case "device_first_seen": .deviceFirstSeen(try DeviceFirstSeen(from: decoder))
        case "device_source_added": .deviceSourceAdded(try DeviceSourceAdded(from: decoder))
        case "publish": .publish(try Publish(from: decoder))
        case "frame_probe": .frameProbe(try FrameProbe(from: decoder))
        case "service_resolved": .serviceResolved(try ServiceResolved(from: decoder))
        case "neighbour_table_read": .neighbourTableRead(try NeighbourTableRead(from: decoder))
        case "answer_received": .answerReceived(try AnswerReceived(from: decoder))
        case "ready_timeout": .readyTimeout(try ReadyTimeout(from: decoder))
        case "stale_callback": .staleCallback(try StaleCallback(from: decoder))
        default: nil
        }
    }
}
