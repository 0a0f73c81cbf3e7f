import Foundation
import Results

/// One number per run that reports tabulate and `scanbench compare` gates: where it lives in
/// results.json, how to print it, which way is better, and whether it is a deterministic counter or
/// a noisy timing.
public struct Metric: Sendable, Identifiable {
    /// Which way is better.
    public enum Direction: String, Sendable {
        case lowerIsBetter = "lower", higherIsBetter = "higher"

        /// Whether `a` is better than `b` this way.
        public func prefers(_ a: Double, over b: Double) -> Bool {
            self == .lowerIsBetter ? a < b : a > b
        }

        /// An arrow for table headers: ↑ when higher is better, ↓ when lower is.
        var arrow: String { self == .higherIsBetter ? "↑" : "↓" }
    }

    /// How `compare` gates it.
    public enum Kind: String, Sendable {
        /// Repeatable under a fixed fixture and strategy (attempts, packets, devices): gated on
        /// thresholds applied to the medians.
        case counter
        /// Subject to machine noise (durations, CPU, memory, hitches): gated only when a
        /// Mann–Whitney test and a minimum effect size agree.
        case timing
    }

    /// The results.json path under `metrics`, e.g. `wire.tcp_attempts`; also the key in a
    /// thresholds file.
    public let id: String
    /// Column title, e.g. "TCP attempts".
    public let title: String
    /// Unit shown in headers ("s", "ms", "MB"), empty for counts.
    public let unit: String
    public let direction: Direction
    public let kind: Kind
    /// Decimals when printed.
    public let digits: Int
    let extract: @Sendable (RunMetrics) -> Double?
    /// For a count out of a whole (devices found of discoverable), the whole: tables print "29/30".
    let whole: (@Sendable (RunMetrics) -> Double?)?

    init(_ id: String, _ title: String, unit: String = "", _ direction: Direction, _ kind: Kind, digits: Int = 0,
         of whole: (@Sendable (RunMetrics) -> Double?)? = nil, _ extract: @escaping @Sendable (RunMetrics) -> Double?) {
        self.id = id
        self.title = title
        self.unit = unit
        self.direction = direction
        self.kind = kind
        self.digits = digits
        self.whole = whole
        self.extract = extract
    }

    /// The metric's value in `metrics`, nil when the run did not measure it.
    public func value(in metrics: RunMetrics) -> Double? { extract(metrics) }

    /// The whole the value counts out of in `metrics`, nil for a metric that is no such count.
    public func total(in metrics: RunMetrics) -> Double? { whole?(metrics) }

    /// Header text with the unit: "Scan duration [s]".
    var header: String { unit.isEmpty ? title : "\(title) [\(unit)]" }

    /// Header text with the unit and which way is better: "Scan duration [s] ↓".
    var headerWithDirection: String { "\(header) \(direction.arrow)" }

    /// Prints a value of this metric.
    func format(_ value: Double) -> String { NumberFormat.decimal(value, digits: digits) }

    /// `value` rounded as `format` prints it (to `digits` decimals).
    func printed(_ value: Double) -> Double { Double(String(format: "%.\(digits)f", value)) ?? value }

    /// Whether `a` is better than `b`.
    func isBetter(_ a: Double, than b: Double) -> Bool { direction.prefers(a, over: b) }
}

extension Metric {
    public static let recall = Metric("yield.recall", "Recall", .higherIsBetter, .counter, digits: 2) { $0.yield.recall }
    public static let found = Metric("yield.found", "Devices found", .higherIsBetter, .counter, of: { Double($0.yield.discoverable) }) {
        Double($0.yield.found)
    }
    public static let falsePositives = Metric("yield.false_positives", "False positives", .lowerIsBetter, .counter) {
        Double($0.yield.falsePositives)
    }
    public static let tcpAttempts = Metric("wire.tcp_attempts", "TCP attempts", .lowerIsBetter, .counter) { Double($0.wire.tcpAttempts) }
    public static let tcpSyn = Metric("wire.tcp_syn", "TCP SYNs", .lowerIsBetter, .counter) { Double($0.wire.tcpSyn) }
    public static let retransmits = Metric("wire.tcp_syn_retransmits", "SYN retransmits", .lowerIsBetter, .counter) {
        Double($0.wire.tcpSynRetransmits)
    }
    public static let peakInFlight = Metric("wire.tcp_peak_in_flight", "Peak in flight", .lowerIsBetter, .counter) {
        Double($0.wire.tcpPeakInFlight)
    }
    public static let packets = Metric("wire.packets", "Packets", .lowerIsBetter, .counter) { Double($0.wire.packets) }
    public static let bytes = Metric("wire.bytes", "Bytes", .lowerIsBetter, .counter) { Double($0.wire.bytes) }
    public static let connectionsCreated = Metric("stack.connections_created", "Connections created", .lowerIsBetter, .counter) {
        Double($0.stack.connectionsCreated)
    }
    public static let stackPeak = Metric("stack.peak_in_flight", "Peak connections", .lowerIsBetter, .counter) {
        Double($0.stack.peakInFlight)
    }
    /// Discoverable devices found and put in the fixture's category by the probe after the scan,
    /// out of every discoverable device (docs/METRICS.md, "Categories").
    public static let categoriesCorrect = Metric("names.category_correct", "Categories correct", .higherIsBetter, .counter,
                                                 of: { $0.names.categoryTotal.map(Double.init) }) { $0.names.categoryCorrect.map(Double.init) }
    public static let publishes = Metric("ui.publishes", "Publishes", .lowerIsBetter, .counter) { Double($0.ui.publishes) }
    public static let duration = Metric("duration_s", "Scan duration", unit: "s", .lowerIsBetter, .timing, digits: 1) { $0.durationS }
    public static let timeTo90 = Metric("time_to_90_percent_s", "Time to 90 %", unit: "s", .lowerIsBetter, .timing, digits: 1) {
        $0.timeTo90PercentS
    }
    public static let timeTo100 = Metric("time_to_100_percent_s", "Time to 100 %", unit: "s", .lowerIsBetter, .timing, digits: 1) {
        $0.timeTo100PercentS
    }
    /// Time to 100 % over the fixture's physical floor (`time_to_100_percent_floor_s`): 1 is as fast as the LAN allows.
    /// Only for runs that found every discoverable device (else their 100 % is of less than the floor is about).
    public static let timeTo100VsFloor = Metric("time_to_100_percent_vs_floor", "Time to 100 % ÷ floor", unit: "×", .lowerIsBetter, .timing,
                                                digits: 1) { metrics in
        guard let time = metrics.timeTo100PercentS, let floor = metrics.timeTo100PercentFloorS, floor > 0,
              metrics.yield.found >= metrics.yield.discoverable else { return nil }
        return time / floor
    }
    /// Found devices whose reported host name is the fixture's (`names.hostname_correct`): a count,
    /// not a share, so finding more named devices counts.
    public static let hostnamesCorrect = Metric("names.hostname_correct", "Host names correct", .higherIsBetter, .counter) {
        Double($0.names.hostnameCorrect)
    }

    public static let worstHitch = Metric("ui.worst_hitch_ms", "Worst hitch", unit: "ms", .lowerIsBetter, .timing, digits: 1) {
        $0.ui.worstHitchMs
    }
    /// Ticks of the 60 Hz main-actor frame probe more than a frame late: the review's "UI
    /// responsiveness" as a count (docs/METRICS.md, "UI").
    public static let lateFrames = Metric("ui.late_frames", "Late frames", .lowerIsBetter, .timing) { Double($0.ui.lateFrames) }
    /// Main-actor time of all publishes in the run: the UI thread's load from the scan (the
    /// review's "UI unusable"); the model's cost is calibrated in docs/METRICS.md, "UI".
    public static let mainBusy = Metric("ui.main_busy_ms", "Main busy", unit: "ms", .lowerIsBetter, .timing, digits: 1) { $0.ui.mainBusyMs }
    /// The 95th percentile of one publish's main-actor time: this machine's cost of the model of
    /// NetMonitor's device screen (calibration in docs/METRICS.md, "UI"); nil in files from before issue 9.
    public static let mainBusyP95 = Metric("ui.main_busy_p95_ms", "Main busy per publish p95", unit: "ms", .lowerIsBetter, .timing,
                                           digits: 2) { $0.ui.mainBusyP95Ms }
    public static let cpu = Metric("cpu_s", "CPU", unit: "s", .lowerIsBetter, .timing, digits: 2) { $0.cpuS }
    public static let peakRSS = Metric("peak_rss_mb", "Peak RSS", unit: "MB", .lowerIsBetter, .timing, digits: 1) { $0.peakRssMb }
    /// Process activity beside CPU (docs/METRICS.md): counts over the scanner process and every thread it had.
    /// Timings, not counters: how often threads block, wake and are preempted depends on scheduling.
    public static let contextSwitchesVoluntary = Metric("context_switches_voluntary", "Voluntary context switches", .lowerIsBetter,
                                                        .timing) { $0.contextSwitchesVoluntary.map(Double.init) }
    public static let contextSwitchesInvoluntary = Metric("context_switches_involuntary", "Involuntary context switches", .lowerIsBetter,
                                                          .timing) { $0.contextSwitchesInvoluntary.map(Double.init) }
    public static let wakeups = Metric("wakeups", "Wakeups", .lowerIsBetter, .timing) { $0.wakeups.map(Double.init) }
    public static let syscalls = Metric("syscalls", "Syscalls", .lowerIsBetter, .timing) { $0.syscalls.map(Double.init) }
    /// An estimate from the capture under a published Wi-Fi power model, not a measurement of a radio (docs/METRICS.md).
    public static let radioActive = Metric("wire.radio_active_s", "Radio active (est.)", unit: "s", .lowerIsBetter, .timing, digits: 1) {
        $0.wire.radioActiveS
    }

    /// The ping tool's error against the wire, attempt by attempt, 95th percentile (docs/METRICS.md
    /// "Tools in the app"); nil when the session pinged nothing or no attempt was answered.
    public static let pingVsWireP95 = Metric("ping.vs_wire_abs_ms_p95", "Ping error vs wire p95", unit: "ms", .lowerIsBetter,
                                             .timing, digits: 2) { $0.ping?.vsWireAbsMsP95 }
    /// Ping attempts that got no answer within the tool's timeout.
    public static let pingLost = Metric("ping.lost", "Pings lost", .lowerIsBetter, .timing) { $0.ping.map { Double($0.lost) } }
    /// The port scanner's states that match the fixture, out of the ports it checked ("3/20").
    public static let portsCorrect = Metric("ports.correct", "Port states correct", .higherIsBetter, .timing,
                                            of: { $0.ports.map { Double($0.checked) } }) { $0.ports.map { Double($0.correct) } }

    /// The report's first headline table (yield and wire), in column order.
    public static let headlineYield: [Metric] = [recall, found, categoriesCorrect, tcpAttempts, retransmits, peakInFlight, packets]

    /// The second headline table (time, UI and cost).
    public static let headlineCost: [Metric] = [duration, timeTo90, publishes, mainBusyP95, lateFrames, worstHitch, cpu, wakeups, radioActive, peakRSS]

    /// Both headline tables' columns.
    public static let headline: [Metric] = headlineYield + headlineCost

    /// Every metric `scanbench compare` knows, in the order it prints them.
    public static let all: [Metric] = [
        recall, found, falsePositives, categoriesCorrect, tcpAttempts, tcpSyn, retransmits, peakInFlight, packets, bytes,
        connectionsCreated, stackPeak, publishes, duration, timeTo90, cpu, peakRSS, worstHitch,
        contextSwitchesVoluntary, contextSwitchesInvoluntary, wakeups, syscalls, radioActive,
    ]

    /// Metrics the report shows that `scanbench compare` does not gate (it has no thresholds for
    /// them yet).
    public static let reportOnly: [Metric] = [timeTo100, timeTo100VsFloor, hostnamesCorrect, lateFrames, mainBusy, mainBusyP95,
                                                    pingVsWireP95, pingLost, portsCorrect]

    /// The Pareto section's objectives, by id, in column order. An id no metric declares is left
    /// out of every comparison, and the report says so.
    public static let paretoObjectiveIDs: [String] = [
        recall.id, tcpAttempts.id, connectionsCreated.id, timeTo90.id, timeTo100.id, hostnamesCorrect.id,
        categoriesCorrect.id, cpu.id,
    ]

    /// The metric with this results.json path.
    public static func named(_ id: String) -> Metric? { (all + reportOnly).first { $0.id == id } }
}
