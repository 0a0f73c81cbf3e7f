import CaptureFiles
import Wire

/// What the analysis keeps of one initiator's TCP attempts once they are finished: the totals,
/// the SYN RTTs per target, the in-flight series, and — when the analysis lists attempts — the
/// attempts themselves.
///
/// Listing attempts costs memory per attempt; the series are then built exactly from them at the
/// end. Without the list, only the series' peaks are kept, found as the attempts stream past
/// (`InFlightPeakTracker`), and memory stays bounded by the attempts in flight and the targets.
struct TCPAttemptFold: Sendable {
    private(set) var summary = TCPSummary()
    /// Per target address: distinct ports probed and SYN RTTs (Karn's rule applied).
    private var targets = AddressTable(empty: TargetProbes())
    /// Every attempt with its creation serial, when listed.
    private var listed: [(serial: Int, attempt: TCPAttempt)]?
    private var inFlight = InFlightPeakTracker()
    private var awaiting = InFlightPeakTracker()
    private var connections = InFlightPeakTracker()
    private let abandonAfter: Int64

    init(listsAttempts: Bool, abandonAfter: Int64) {
        listed = listsAttempts ? [] : nil
        self.abandonAfter = abandonAfter
    }

    /// A first SYN at `time`.
    mutating func opened(at time: Int64) {
        guard listed == nil else { return }
        inFlight.start(at: time)
        awaiting.start(at: time)
    }

    /// The first answer at `time` to an attempt first sent at `firstSyn`; `open` for SYN/ACK.
    mutating func answered(firstSyn: Int64, at time: Int64, open: Bool) {
        guard listed == nil else { return }
        awaiting.end(at: max(time, firstSyn))
        if open { connections.start(at: time) }
    }

    /// A finished attempt (the tracker will not change it again).
    mutating func add(_ a: TCPAttempt, serial: Int) {
        summary.add(a)
        targets.values[targets.index(of: a.target.value)].add(port: a.targetPort, rtt: a.rtt)
        if listed != nil {
            listed?.append((serial, a))
            return
        }
        let whole = a.inFlightInterval
        inFlight.end(at: whole.end)
        if a.answeredAt == nil { awaiting.end(at: a.awaitingInterval(abandonAfter: abandonAfter).end) }
        if let connection = a.connectionInterval { connections.end(at: connection.end) }
    }

    /// Folds the peak trackers' events before `watermark`.
    mutating func flush(before watermark: Int64) {
        inFlight.flush(before: watermark)
        awaiting.flush(before: watermark)
        connections.flush(before: watermark)
    }

    /// The totals with the distinct counts filled in.
    var totals: TCPSummary {
        var totals = summary
        totals.distinctTargetPorts = targets.values.reduce(0) { $0 + $1.distinctPorts }
        totals.distinctTargets = targets.values.count
        return totals
    }

    /// TCP SYN RTTs per target address, for the targets that have any.
    var rttByTarget: [UInt32: RTTValues] {
        var table: [UInt32: RTTValues] = [:]
        for (target, probes) in targets.pairs where probes.rtts.count > 0 { table[target] = probes.rtts }
        return table
    }

    /// The listed attempts in first-SYN order (empty when not listed).
    var attempts: [TCPAttempt] {
        (listed ?? []).sorted { $0.serial < $1.serial }.map(\.attempt)
    }

    /// The three series: exact (with steps) from the listed attempts, else peaks only.
    func series(
        of attempts: [TCPAttempt]
    ) -> (
        inFlight: InFlightSeries, awaiting: InFlightSeries,
        connections: InFlightSeries
    ) {
        guard listed != nil else { return (inFlight.series, awaiting.series, connections.series) }
        return (
            InFlightSeries(intervals: attempts.map(\.inFlightInterval)),
            InFlightSeries(intervals: attempts.map { $0.awaitingInterval(abandonAfter: abandonAfter) }),
            InFlightSeries(intervals: attempts.compactMap(\.connectionInterval))
        )
    }
}
