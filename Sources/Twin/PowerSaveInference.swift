import Fixture
import Foundation
import OrderStatistics

/// 802.11 power save (`Fixture.PowerSave`) read from one host's answer timeline: its answers to
/// unicast requests (echo, SYN) held until the station's next wake-up, so their round trips spread
/// over a listen period and the answers themselves land on a grid of beacon-interval multiples.
///
/// **The evidence rule.** At least `minimumAnswers` answered unicast requests whose round trips
/// spread (10th to 90th percentile) over at least `minimumSpreadShare` of a candidate period
/// `k × 102.4 ms` (k = 1…20, the fixture's `listen_interval` range), with at least
/// `minimumOnGrid` of the answers within `gridToleranceMs` of one phase of that period. The largest
/// such k is taken (answers on a 307.2 ms grid are on the 102.4 ms one too, but split over two
/// phases of 614.4 ms). Round trips that spread without a grid, or too few answers, are too little
/// evidence: the device says so and keeps its link jitter.
///
/// **What it assumes.** That the beacon interval is 100 TU (102.4 ms, hostapd's default; only
/// `listen_interval × beacon_interval` is seen, so the beacon interval is not inferred); that the
/// requests reached a dozing station (one asked again within its `awake_ms` is answered at once, so
/// requests about a second apart suit); that the capture's clock is good to a few milliseconds.
public enum PowerSaveInference {
    public static let minimumAnswers = 8
    /// Share of a candidate period the round trips must spread over. Assumption (held answers are
    /// uniform over the period, whose 10th–90th percentile span is 0.8 of it); sweep 0.3–0.6.
    public static let minimumSpreadShare = 0.4
    /// How close to the grid's phase an answer must come (ms). Assumption: the testbed's switch
    /// delivers on its timer within a few ms (WiFiPowerSaveIntegrationTests); sweep 2–10.
    public static let gridToleranceMs = 5.0
    /// Share of the answers that must be on the grid (others came while the station was awake).
    /// Assumption; sweep 0.5–0.9.
    public static let minimumOnGrid = 0.7

    public enum Verdict: Sendable, Equatable {
        case dozes(Fixture.PowerSave, evidence: String)
        case tooLittleEvidence(String)
        case prompt
    }

    public static func infer(_ probes: [Probe]) -> Verdict {
        let answered = probes.filter { $0.kind != .arp && $0.answerMs != nil }
        let rtts = answered.compactMap(\.answerMs)
        guard let p10 = Percentile.of(rtts, 10), let p90 = Percentile.of(rtts, 90) else { return .prompt }
        let spread = p90 - p10
        let beacon = Fixture.PowerSave.defaultBeaconIntervalMs
        // Round trips that vary by less than a share of the shortest period are a link's jitter.
        guard spread >= minimumSpreadShare * beacon else { return .prompt }
        let summary =
            "\(answered.count) answered echo/SYN requests, round trips \(TwinDerivation.rounded(p10))–\(TwinDerivation.rounded(p90)) ms (10th–90th percentile)"
        guard answered.count >= minimumAnswers else {
            return .tooLittleEvidence("\(summary); power save needs \(minimumAnswers) answers")
        }
        let times = answered.map { $0.atMs + $0.answerMs! }
        var best: (k: Int, onGrid: Double)?
        for k in Fixture.PowerSave.listenIntervalRange {
            let period = Double(k) * beacon
            guard spread >= minimumSpreadShare * period, p90 - p10 <= period * 1.05 else { continue }
            let share = onGridShare(times, period: period)
            if share >= minimumOnGrid { best = (k, share) }
        }
        guard let best else {
            return .tooLittleEvidence(
                "\(summary), but the answers keep to no grid of 102.4 ms multiples: jitter, not power save"
            )
        }
        let evidence =
            "\(summary); \(Int((best.onGrid * 100).rounded())) % of the answers on a \(TwinDerivation.rounded(Double(best.k) * beacon)) ms grid (±\(Int(gridToleranceMs)) ms): listen_interval \(best.k) of 102.4 ms beacons (assumed)"
        return .dozes(Fixture.PowerSave(listenInterval: best.k), evidence: evidence)
    }

    /// The share of `times` within `gridToleranceMs` of their circular mean phase modulo `period`.
    static func onGridShare(_ times: [Double], period: Double) -> Double {
        let angles = times.map { 2 * Double.pi * $0.truncatingRemainder(dividingBy: period) / period }
        let meanAngle = atan2(angles.map(sin).reduce(0, +), angles.map(cos).reduce(0, +))
        let phase = (meanAngle < 0 ? meanAngle + 2 * .pi : meanAngle) / (2 * .pi) * period
        let near = times.filter { time in
            var distance = abs(time.truncatingRemainder(dividingBy: period) - phase)
            distance = min(distance, period - distance)
            return distance <= gridToleranceMs
        }
        return Double(near.count) / Double(times.count)
    }
}
