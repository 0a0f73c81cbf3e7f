import OrderStatistics

/// A host's answer delays per protocol as distributions: how many answers the capture timed, their
/// median and their 90th percentile, for ARP (request → reply), ICMP echo (request → reply), TCP
/// (SYN → SYN/ACK or RST) and mDNS (question → answer); or, with fewer than `minimumSamples`
/// answers, "too little evidence" (docs/REAL-DEVICES.md, "Time in the twin").
///
/// The twin writes the IP spread as the link's uniform jitter fitted to the median and the 90th
/// percentile (`jitter(fromRoundTrips:)`), so it keeps the round trips' distribution where the
/// testbed's link model can carry it; the per-protocol figures go to the device's notes.
public struct AnswerDelays: Sendable, Equatable {
    /// The protocols timed, in the order they are reported.
    public enum Kind: String, Sendable, CaseIterable {
        case arp, icmp, tcp, mdns
    }

    /// One protocol's distribution, ms.
    public struct Summary: Sendable, Equatable {
        public var count: Int
        public var median: Double
        public var p90: Double
    }

    /// Fewest timed answers from which a distribution is written. Assumption: with 20, the 90th
    /// percentile sits between the 18th and 19th smallest, so two answers lie at or above it and
    /// one late answer cannot set it alone; with 10 it would rest on one answer (sweep 10–40).
    public static let minimumSamples = 20

    /// Per protocol: the distribution, or nil with the number of answers when there are fewer
    /// than `minimumSamples` (none when the protocol was never answered).
    public var summaries: [Kind: Summary] = [:]
    public var tooFew: [Kind: Int] = [:]

    /// The host's timed answers, per protocol.
    public init(_ host: HostObservations) {
        let samples: [Kind: [Double]] = [
            .arp: host.probes.filter { $0.kind == .arp }.compactMap(\.answerMs),
            .icmp: host.probes.filter { $0.kind == .icmp }.compactMap(\.answerMs),
            .tcp: host.probes.filter { $0.kind == .tcp }.compactMap(\.answerMs),
            .mdns: host.services.values.flatMap(\.answerDelays),
        ]
        for (kind, values) in samples where !values.isEmpty {
            if let summary = Self.summary(values) { summaries[kind] = summary } else { tooFew[kind] = values.count }
        }
    }

    /// The distribution of `values`, nil when fewer than `minimumSamples`.
    public static func summary(_ values: [Double]) -> Summary? {
        guard values.count >= minimumSamples, let median = Percentile.of(values, 50),
            let p90 = Percentile.of(values, 90)
        else { return nil }
        return Summary(count: values.count, median: median, p90: p90)
    }

    /// The link's uniform jitter (ms, each direction) whose round trips have the 90th percentile
    /// of `roundTrips` above their median: a round trip adds two independent draws in ±jitter, a
    /// triangular spread whose 90th percentile lies (2 − √0.8) · jitter ≈ 1.106 · jitter above its
    /// median. Nil with fewer than `minimumSamples` round trips.
    public static func jitter(fromRoundTrips roundTrips: [Double]) -> Double? {
        guard let summary = summary(roundTrips) else { return nil }
        return (summary.p90 - summary.median) / (2 - 0.8.squareRoot())
    }

    /// `answer delays (ms, answers / median / p90): arp 180 / 0.21 / 0.35, …; too little evidence
    /// (under 20 answers): tcp 4`; nil when nothing was timed.
    public var note: String? {
        var parts: [String] = []
        let timed = Kind.allCases.compactMap { kind in
            summaries[kind].map {
                "\(kind.rawValue) \($0.count) / \(TwinDerivation.rounded($0.median)) / \(TwinDerivation.rounded($0.p90))"
            }
        }
        if !timed.isEmpty {
            parts.append("answer delays (ms, answers / median / p90): " + timed.joined(separator: ", "))
        }
        let few = Kind.allCases.compactMap { kind in tooFew[kind].map { "\(kind.rawValue) \($0)" } }
        if !few.isEmpty {
            parts.append(
                "too little evidence for an answer-delay distribution (under \(Self.minimumSamples) answers): "
                    + few.joined(separator: ", ")
            )
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
