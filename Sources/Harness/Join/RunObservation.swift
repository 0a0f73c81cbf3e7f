import AppContract
import CaptureFiles
import CaptureAnalysis
import Fixture
import Results
import Testbed

/// Everything recorded about one run, before it is turned into metrics.
public struct RunObservation: Sendable {
    public var truth: GroundTruth
    /// What the scan reported (the join's excerpt); nil when the scanner crashed, hung or timed out.
    public var scan: ScanReportExcerpt?
    public var events: [EventRecord]
    public var wire: WireAnalysis?
    public var captureDrops: Int
    public var process: ProcessStats
    /// CLOCK_REALTIME − CLOCK_MONOTONIC in ns at the run's start: puts pcap times (realtime) on
    /// the event log's clock (monotonic).
    public var realtimeMinusMonotonicNs: Int64
    /// What the testbed's switch did during the run, per port (nil when it published nothing).
    public var switchCounters: [SwitchPortCounters]?
    /// The scanner's path events the testbed published (`path-events.json`); nil without any.
    public var pathEvents: [PathEventRecord]?
    /// Addresses a scenario's tool (ping, port scanner) probed beside the scan from the same
    /// namespace: their SYNs are not the scanner's, so the stack-vs-wire check skips them.
    public var toolTargets: Set<String> = []
    /// What the category probe after the scan said of each device the scan found; nil when it
    /// did not run (`--no-classify`, or the scan failed).
    public var categories: ProbedCategories?
    /// Wall seconds the category probe took.
    public var categoryProbeSeconds: Double?
    /// What the category probe's own capture shows (every frame on the link, TCP attempts,
    /// airtime), and the packets the scanner sent meanwhile.
    public var categoryProbeWire: RunMetrics.WireCounters?
    public var categoryProbePacketsSent: Int?

    public init(
        truth: GroundTruth,
        scan: ScanReportExcerpt?,
        events: [EventRecord],
        wire: WireAnalysis?,
        captureDrops: Int,
        process: ProcessStats,
        realtimeMinusMonotonicNs: Int64,
        switchCounters: [SwitchPortCounters]? = nil
    ) {
        self.truth = truth
        self.scan = scan
        self.events = events
        self.wire = wire
        self.captureDrops = captureDrops
        self.process = process
        self.realtimeMinusMonotonicNs = realtimeMinusMonotonicNs
        self.switchCounters = switchCounters
    }
}
