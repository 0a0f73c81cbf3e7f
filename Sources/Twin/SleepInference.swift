import Fixture
import OrderStatistics

/// A deep-sleep cycle (`Fixture.DeepSleep`) read from one host's answer timeline: requests
/// unanswered for seconds at a time, in runs separated by answered ones.
///
/// **The evidence rule.** Only the probes of a channel the host answered at least once count (a
/// host that never answers echo, or a port that never answers, says nothing about when it is
/// awake). A *silent span* is a run of consecutive unanswered probes whose first and last are at
/// least `minimumSilenceMs` apart, with an answered probe before and after it. A cycle is inferred
/// from at least `minimumProbes` probes and at least `minimumSpans` silent spans (so two cycles:
/// answered, silent, answered, silent, answered). Anything less — one lost request, a single
/// silent stretch, too few requests — is *too little evidence*: the device keeps a reply
/// probability only, and says so.
///
/// **The estimates.** A silent span lasted at least from its first to its last unanswered probe
/// and at most from the answered probe before it to the one after; `sleep_s` is the median over
/// the spans of the middle of those bounds, so it is good to about one probe interval. `awake_s`
/// is the same for the answered runs between two silent spans, or, when the spans are more than
/// two, the median time from one span's start to the next less `sleep_s` when that is larger.
/// `phase_s` is not written: it is counted from the testbed switch's start, which comes an unknown
/// time before the twin's scan, so the capture's phase cannot be carried over (the testbed draws
/// one from its seed); the capture's own phase is in the device's notes.
///
/// **What it assumes.** That the silence is the device's own (a capture that dropped frames, or a
/// scanner that stopped sending, can fake it: `CaptureObservations.dropWarning`); that the cycle is
/// regular, as the fixture's is; and that no other cause (a power-save delay beyond
/// `Probe.answerWindowMs`, a link down) silences a host for seconds.
public enum SleepInference {
    /// An unanswered stretch shorter than this is loss or a late answer, not sleep (ms): a fixture's
    /// shortest `sleep_s` is 0.1 s, but below a second a power-save station's listen interval
    /// (up to 20 × 102.4 ms) and the kernel's ARP retries (1 s apart) explain it as well.
    /// Assumption; sweep 500–3000 ms.
    public static let minimumSilenceMs = 1_000.0
    /// Probes, of the channels the host answered, needed for a cycle. Assumption (5–20).
    public static let minimumProbes = 10
    /// Silent spans between answers needed for a cycle: two, so a cycle is seen repeat.
    public static let minimumSpans = 2

    public enum Verdict: Sendable, Equatable {
        /// A cycle, with what it rests on.
        case sleeps(Fixture.DeepSleep, evidence: String)
        /// Some requests went unanswered, too few or too scattered to show a cycle.
        case tooLittleEvidence(String)
        /// Every counted request was answered (or none was sent).
        case alwaysAnswered
    }

    /// What `probes` show; `Probe.atMs` order need not be kept by the caller.
    public static func infer(_ probes: [Probe]) -> Verdict {
        let answeringChannels = Set(probes.filter { $0.answerMs != nil }.map(\.channel))
        let counted = probes.filter { answeringChannels.contains($0.channel) }.sorted { $0.atMs < $1.atMs }
        let unanswered = counted.filter { $0.answerMs == nil }.count
        guard unanswered > 0 else { return .alwaysAnswered }
        let runs = Self.runs(counted)
        let spans = runs.indices.filter { index in
            let run = runs[index]
            return !run.answered && index > 0 && index < runs.count - 1
                && run.lastMs - run.firstMs >= minimumSilenceMs
        }
        let summary =
            "\(counted.count) requests it answers on \(answeringChannels.sorted().joined(separator: ", ")), \(unanswered) unanswered, \(spans.count) silent spans of \(Int(minimumSilenceMs / 1000)) s or more between answers"
        guard counted.count >= minimumProbes, spans.count >= minimumSpans else {
            return .tooLittleEvidence(
                "\(summary); a sleep cycle needs \(minimumProbes) requests and \(minimumSpans) such spans"
            )
        }
        // Bounds of each silent span: from its first to its last unanswered request at least, from
        // the answer before it to the answer after it at most.
        let sleeps = spans.map { index in
            middle(runs[index].lastMs - runs[index].firstMs, runs[index + 1].firstMs - runs[index - 1].lastMs)
        }
        let awakes = spans.dropLast().indices.flatMap { position -> [Double] in
            let (from, to) = (spans[position], spans[position + 1])
            // Everything between two silent spans is one awake window, short losses included.
            guard to > from + 1 else { return [] }
            return [middle(runs[to - 1].lastMs - runs[from + 1].firstMs, runs[to].firstMs - runs[from].lastMs)]
        }
        let starts = spans.map { (runs[$0 - 1].lastMs + runs[$0].firstMs) / 2 }
        let periods = zip(starts.dropFirst(), starts).map { $0 - $1 }
        let sleepMs = Percentile.of(sleeps, 50)!
        var awakeMs = Percentile.of(awakes, 50) ?? 0
        if periods.count >= 2, let period = Percentile.of(periods, 50), period - sleepMs > awakeMs {
            awakeMs = period - sleepMs
        }
        let sleepS = clamp(sleepMs / 1000, Fixture.DeepSleep.sleepRangeS)
        let awakeS = clamp(awakeMs / 1000, Fixture.DeepSleep.awakeRangeS)
        let period = sleepS + awakeS
        let phase = (counted.first!.atMs / 1000 - starts[0] / 1000).truncatingRemainder(dividingBy: period)
        let evidence =
            "\(summary): asleep \(TwinDerivation.rounded(sleepS)) s of every \(TwinDerivation.rounded(period)) s "
            + "(silent spans \(TwinDerivation.range(sleeps.map { $0 / 1000 }).replacingOccurrences(of: " ms", with: " s")), "
            + "good to about one request interval); at the capture's start \(TwinDerivation.rounded(phase < 0 ? phase + period : phase)) s into its cycle, "
            + "phase_s left to the testbed's seed"
        return .sleeps(
            Fixture.DeepSleep(sleepS: TwinDerivation.rounded(sleepS), awakeS: TwinDerivation.rounded(awakeS)),
            evidence: evidence
        )
    }

    /// A run of consecutive requests answered alike.
    struct Run {
        var answered: Bool
        var firstMs: Double
        var lastMs: Double
        var count: Int
    }

    static func runs(_ probes: [Probe]) -> [Run] {
        var runs: [Run] = []
        for probe in probes {
            let answered = probe.answerMs != nil
            if var last = runs.last, last.answered == answered {
                last.lastMs = probe.atMs
                last.count += 1
                runs[runs.count - 1] = last
            } else {
                runs.append(Run(answered: answered, firstMs: probe.atMs, lastMs: probe.atMs, count: 1))
            }
        }
        return runs
    }

    static func middle(_ low: Double, _ high: Double) -> Double { (low + high) / 2 }

    static func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
        min(max(value, range.lowerBound), range.upperBound)
    }
}
