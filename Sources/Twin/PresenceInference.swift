/// Whether a host was on the LAN for the whole capture, read from its answer timeline: a host
/// that answered steadily and then never again although asked again and again *left* during the
/// capture; one that answered only from some time on *joined* late.
///
/// **The evidence rule for a leaver.** Only the channels it answered at least once count (as in
/// `SleepInference`). It answered at least `minimumAnswers` requests; after its last answer it was
/// asked at least `minimumAskedAfter` times, over at least `minimumSilenceAfterS` seconds, and that
/// silence is at least `silenceFactor` times the longest silence it showed while present (from an
/// answer to the next answer, or from the capture's first request to its first answer) and, when
/// its timeline shows a sleep cycle, at least `silenceFactor` full cycles: a sleeper asleep at the
/// capture's end wakes within one cycle, so it is not a leaver. Less than that is *too little
/// evidence*: the device is kept and says so.
///
/// **What it assumes.** That a host silent for that long does not come back before the twin's
/// scans (which run after the capture): a device that leaves for minutes and returns looks the
/// same. That the silence is the host's (a capture that dropped frames, or a scanner that stopped
/// asking, can fake one: `CaptureObservations.dropWarning`). A fixture's device is there from the
/// switch's start and `leave` (docs/FIXTURES.md) comes back after `away_s`, so neither fits a host
/// that is gone: a leaver is left out of the twin. A host that joined late is there at the
/// capture's end, so it stays, as it would be for a scan run after the capture.
public enum PresenceInference {
    /// Answers needed before the silence: a host that answered once or twice was not shown to be
    /// present steadily. Assumption (3–10).
    public static let minimumAnswers = 5
    /// Requests after the last answer needed to call a host gone. Assumption (5–20): the survey
    /// asks ARP about every 0.5 s, so this is seconds, not minutes, of asking.
    public static let minimumAskedAfter = 10
    /// The shortest silence at the capture's end that can be a departure (s). Assumption (10–30 s):
    /// above the kernel's ARP and the survey's one-a-second asking by an order of magnitude.
    public static let minimumSilenceAfterS = 15.0
    /// How many times its longest silence while present (and its sleep cycle) the final silence must
    /// last. Assumption (2–3): a regular sleeper's silences differ by about one request interval.
    public static let silenceFactor = 2.0

    public enum Verdict: Sendable, Equatable {
        /// Answered from the first request to the last, or never answered at the capture's edges
        /// for a second or more.
        case present
        /// Answered only from `atS` on; there at the capture's end, so kept.
        case joined(atS: Double, evidence: String)
        /// Gone at `atS` (its last answer), with what shows it.
        case left(atS: Double, askedAfter: Int, evidence: String)
        /// Silent at the capture's end, too briefly or too little asked to tell.
        case tooLittleEvidence(String)
    }

    /// What `probes` show of the host's presence in a capture of `captureS` seconds; a joiner that
    /// also went is reported as a leaver.
    public static func infer(_ probes: [Probe], captureS: Double) -> Verdict {
        let answeringChannels = Set(probes.filter { $0.answerMs != nil }.map(\.channel))
        let counted = probes.filter { answeringChannels.contains($0.channel) }.sorted { $0.atMs < $1.atMs }
        let runs = SleepInference.runs(counted)
        guard runs.count >= 2 else { return .present }
        let leading = runs.first.flatMap { first -> Double? in
            guard !first.answered, first.count >= 2, runs[1].firstMs - first.firstMs >= SleepInference.minimumSilenceMs
            else { return nil }
            return runs[1].firstMs
        }
        guard let last = runs.last, !last.answered,
            last.lastMs - runs[runs.count - 2].lastMs >= SleepInference.minimumSilenceMs, last.count >= 2
        else {
            guard let joinedMs = leading else { return .present }
            return .joined(
                atS: TwinDerivation.rounded(joinedMs / 1000),
                evidence:
                    "answered only from \(TwinDerivation.rounded(joinedMs / 1000)) s on (asked \(runs[0].count) times before), to the capture's end: kept"
            )
        }
        let lastAnswerMs = runs[runs.count - 2].lastMs
        let silenceS = (last.lastMs - lastAnswerMs) / 1000
        let answers = counted.filter { $0.answerMs != nil }.count
        // The longest silence it showed while there: answer to answer, and the start's if it joined.
        var longestMs = leading.map { $0 - runs[0].firstMs } ?? 0
        for index in runs.indices.dropFirst().dropLast() where !runs[index].answered {
            longestMs = max(longestMs, runs[index + 1].firstMs - runs[index - 1].lastMs)
        }
        var needS = max(minimumSilenceAfterS, silenceFactor * longestMs / 1000)
        var cycle = ""
        if case .sleeps(let sleep, _) = SleepInference.infer(Array(counted.prefix { $0.atMs <= lastAnswerMs })) {
            needS = max(needS, silenceFactor * (sleep.sleepS + sleep.awakeS))
            cycle = ", its sleep cycle \(TwinDerivation.rounded(sleep.sleepS + sleep.awakeS)) s"
        }
        let atS = TwinDerivation.rounded(lastAnswerMs / 1000)
        let summary =
            "\(answers) answers until \(atS) s, then asked \(last.count) times over \(TwinDerivation.rounded(silenceS)) s without an answer (of a \(TwinDerivation.rounded(captureS)) s capture); longest silence while there \(TwinDerivation.rounded(longestMs / 1000)) s\(cycle)"
        guard answers >= minimumAnswers, last.count >= minimumAskedAfter, silenceS >= needS else {
            return .tooLittleEvidence(
                "\(summary); gone needs \(minimumAnswers) answers, then \(minimumAskedAfter) requests over \(TwinDerivation.rounded(needS)) s (\(Int(minimumSilenceAfterS)) s, and \(Int(silenceFactor)) × its longest silence and cycle)"
            )
        }
        return .left(atS: atS, askedAfter: last.count, evidence: summary)
    }
}
