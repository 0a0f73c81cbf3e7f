import Results

/// The numbers of `scanbench ablate`: per fixture and scenario, per knob and metric, the forward
/// and leave-one-out effects (`KnobEffect`), how they relate (`KnobInteraction`), and per metric
/// the knobs ranked by how much of BASE → TARGET's change they account for. A pure function of a
/// results document with an `ablation` record; the report's section and `ablate --json` print it.
public struct AblationAnalysis: Sendable, Encodable {
    /// One knob's effects on one metric.
    public struct MetricEffect: Sendable, Encodable {
        public let metric: String
        public let forward: KnobEffect?
        public let leaveOneOut: KnobEffect?
        /// The mean of the two directions' deltas (the knob's contribution averaged over "alone on
        /// BASE" and "last into TARGET"); the one measured when only one was.
        public let average: Double?
        public let interaction: KnobInteraction

        enum CodingKeys: String, CodingKey {
            case metric, forward, average, interaction
            case leaveOneOut = "leave_one_out"
        }
    }

    /// One knob, its values and variants, and its effects on every ablation metric.
    public struct KnobResult: Sendable, Encodable {
        public let knob: Ablation.Knob
        public let effects: [MetricEffect]

        public func encode(to encoder: any Encoder) throws {
            try knob.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(effects, forKey: .effects)
        }

        enum CodingKeys: String, CodingKey { case effects }
    }

    /// The knobs that moved one metric, largest |average| first.
    public struct Ranking: Sendable, Encodable {
        public let metric: String
        /// BASE → TARGET.
        public let total: KnobEffect?
        /// Keys of the knobs with a material effect in either direction, by |average|.
        public let knobs: [String]
        /// The sum of every knob's average: how much of `total` one-knob-at-a-time changes explain.
        public let sumOfAverages: Double

        enum CodingKeys: String, CodingKey {
            case metric, total, knobs
            case sumOfAverages = "sum_of_averages"
        }
    }

    /// Everything measured on one fixture and scenario.
    public struct Group: Sendable, Encodable {
        public let fixture: String
        public let scenario: String
        public let knobs: [KnobResult]
        public let rankings: [Ranking]
    }

    public let base: String
    public let target: String
    public let groups: [Group]

    /// The metrics ablation looks at: the report's first headline table (yield and wire) without
    /// recall (devices found says the same), the stack's connection objects (the review's
    /// "connections") and the scan's duration.
    static let metrics: [Metric] =
        Metric.headlineYield.filter { $0.id != Metric.recall.id } + [.connectionsCreated, .duration]

    /// The smallest share of BASE → TARGET's change an effect must reach to count (`KnobEffect.isMaterial`).
    public static let materialShare = 0.1

    /// Nil when the document has no ablation record.
    public init?(document: ResultsDocument) {
        guard let ablation = document.ablation else { return nil }
        base = ablation.base
        target = ablation.target
        groups = RunGroup.groups(of: document.runs)
            .filter { $0.runs[ablation.base] != nil || $0.runs[ablation.target] != nil }
            .map { Self.group($0, ablation) }
    }

    /// `metric` over the successful runs of `strategy` (none when it did not run).
    private static func values(_ group: RunGroup, _ strategy: String?, _ metric: Metric) -> [Double] {
        strategy.map { group.ok($0).compactMap { metric.value(in: $0.metrics) } } ?? []
    }

    private static func group(_ group: RunGroup, _ ablation: Ablation) -> Group {
        let totals = Dictionary(
            uniqueKeysWithValues: metrics.map { metric in
                (
                    metric.id,
                    KnobEffect(from: values(group, ablation.base, metric), to: values(group, ablation.target, metric))
                )
            }
        )
        let knobs = ablation.knobs.map { knob in
            KnobResult(
                knob: knob,
                effects: metrics.map { metric in
                    let forward = KnobEffect(
                        from: values(group, ablation.base, metric),
                        to: values(group, knob.forward, metric)
                    )
                    let back = KnobEffect(
                        from: values(group, knob.leaveOneOut, metric),
                        to: values(group, ablation.target, metric)
                    )
                    let total = totals[metric.id]??.delta ?? 0
                    let measured = [forward, back].compactMap { $0?.delta }
                    let interaction = KnobInteraction(
                        forwardMaterial: forward?.isMaterial(metric, total: total),
                        leaveOneOutMaterial: back?.isMaterial(metric, total: total),
                        sameSign: (forward?.delta ?? 0) * (back?.delta ?? 0) > 0
                    )
                    return MetricEffect(
                        metric: metric.id,
                        forward: forward,
                        leaveOneOut: back,
                        average: measured.isEmpty ? nil : measured.reduce(0, +) / Double(measured.count),
                        interaction: interaction
                    )
                }
            )
        }
        let rankings = metrics.enumerated().map { index, metric in
            let total = totals[metric.id] ?? nil
            let moved = knobs.filter { knob in
                let effect = knob.effects[index]
                return [effect.forward, effect.leaveOneOut].contains {
                    $0?.isMaterial(metric, total: total?.delta ?? 0) ?? false
                }
            }
            let ranked = moved.sorted { a, b in
                let (x, y) = (abs(a.effects[index].average ?? 0), abs(b.effects[index].average ?? 0))
                return x != y ? x > y : a.knob.key < b.knob.key
            }
            return Ranking(
                metric: metric.id,
                total: total,
                knobs: ranked.map(\.knob.key),
                sumOfAverages: knobs.reduce(0) { $0 + ($1.effects[index].average ?? 0) }
            )
        }
        return Group(fixture: group.fixture, scenario: group.scenario, knobs: knobs, rankings: rankings)
    }
}
