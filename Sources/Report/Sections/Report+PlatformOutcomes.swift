import Results

extension Report {
    /// The platforms the runs ran on, in schedule order, when the file holds runs of more than one
    /// (`scanbench merge --across-platforms` stamps `RunResult.platform`); empty otherwise.
    var runPlatforms: [String] { document.runs.firstSeen { $0.platform } }

    /// The review's Expected Outcomes with a column per platform: each row "holds", "does not
    /// hold", or — over a `--sweep platform.KEY=…` in the results — "holds only above" or "only
    /// below" the swept value where it flips, with phase 2's and the baseline's medians, and the
    /// mechanism that moves the metric (and the profile parameters that act on it).
    func platformOutcomesSection(_ platforms: [String]) -> String {
        var text = "## The review's expected outcomes, measured per platform\n\n"
        text +=
            "The architecture review (2026-02-13, §5 \"Expected Outcomes\") predicted these changes from its phases 1 + 2: "
        text +=
            "\(Inline.code(Self.reviewBefore)) stands for the code it reviewed and \(Inline.code(Self.reviewAfter)) for phases 1 + 2 "
        text +=
            "(docs/STRATEGIES.md). Each platform's cell says whether phase 2 meets the claim there (its number, or for a "
        text +=
            "qualitative claim the stated bar, else better than the baseline by more than 10 %), from the medians over that "
        text +=
            "platform's repetitions (phase 2, then the baseline); the tool rows come from the \"during-scan\" scenarios. "
        text +=
            "Where the results sweep a profile parameter (`--sweep platform.KEY=…`), the cell says at which swept value the "
        text +=
            "row flips (\"holds only above KEY = v\": it fails at v and below, holds above), from the variants of both "
        text +=
            "strategies with the profile's own value as the control. The mechanism column names what moves the metric and "
        text +=
            "the profile's parameters that act on it (docs/PLATFORMS.md); a row with none can move with the platform only "
        text += "through timing.\n\n"
        var table = MarkdownTable(
            [("Outcome", .left), ("Review: before → after", .left)]
                + platforms.map { ("\($0)", .left) }
                + [("Mechanism", .left), ("Measured as", .left)]
        )
        for claim in Self.reviewClaims {
            let cells = platforms.map { platformVerdict(claim, platform: $0) }
            table.add(
                [claim.outcome, "\(claim.before) → \(claim.after)"] + cells.map(\.text)
                    + [
                        mechanismText(claim, platforms: platforms, verdicts: cells.map(\.holds)),
                        "\(claim.metric.title) (\(Inline.code(claim.metric.id))); bar: \(claim.bar)",
                    ]
            )
        }
        let presets = presetOutcomesTables(platforms)
        return text + table.render() + (presets.isEmpty ? "" : "\n" + presets)
    }

    /// One platform's cell, and whether the row holds there (nil: not measured, or mixed over a sweep).
    private func platformVerdict(_ claim: ReviewClaim, platform: String) -> (text: String, holds: Bool?) {
        let before = reviewMedian(Self.reviewBefore, claim, platform: platform)
        guard let after = reviewMedian(Self.reviewAfter, claim, platform: platform) else {
            return ("not measured", nil)
        }
        let measured =
            "phase 2 \(cell(claim.metric, after))" + (before.map { ", baseline \(cell(claim.metric, $0))" } ?? "")
        if let swept = sweepVerdict(claim, platform: platform) { return ("\(swept.text) (\(measured))", swept.holds) }
        guard let holds = Self.judge(claim, before: before, after: after) else {
            return ("not measured (\(measured))", nil)
        }
        return ((holds ? "holds" : "**does not hold**") + " (\(measured))", holds)
    }

    /// Over a one-knob `--sweep platform.KEY=…`: the verdict at each swept value (and at the
    /// profile's own value, the control's), and where it flips. Nil without such a sweep, or with
    /// fewer than two values measured on `platform`.
    private func sweepVerdict(_ claim: ReviewClaim, platform: String) -> (text: String, holds: Bool?)? {
        guard let knobs = document.sweep?.knobs, knobs.count == 1, let knob = knobs.first,
            knob.key.hasPrefix("platform.")
        else { return nil }
        let parameter = String(knob.key.dropFirst("platform.".count))
        var points: [(value: Double, holds: Bool)] = []
        let own = document.environment.platform?.parameters.first { $0.key == parameter }?.value
        let swept: [(value: Double, overrides: [String: String])] =
            knob.values.compactMap { text in
                Double(text).map { ($0, [knob.key: text]) }
            } + (own.map { value in knob.values.compactMap(Double.init).contains(value) ? [] : [(value, [:])] } ?? [])
        for (value, overrides) in swept {
            guard
                let after = variant(Self.reviewAfter, overrides, platform).flatMap({
                    reviewMedian($0, claim, platform: platform)
                })
            else { continue }
            let before = variant(Self.reviewBefore, overrides, platform).flatMap {
                reviewMedian($0, claim, platform: platform)
            }
            if let holds = Self.judge(claim, before: before, after: after) { points.append((value, holds)) }
        }
        guard points.count >= 2 else { return nil }
        points.sort { $0.value < $1.value }
        let key = Inline.code(knob.key)
        let listed = points.map { "\(NumberFormat.decimal($0.value, digits: 0)) \($0.holds ? "yes" : "no")" }.joined(
            separator: ", "
        )
        let holding = points.map(\.holds)
        if holding.allSatisfy({ $0 }) { return ("holds at every swept \(key) (\(listed))", true) }
        if holding.allSatisfy({ !$0 }) { return ("**does not hold** at any swept \(key) (\(listed))", false) }
        if let flip = holding.firstIndex(of: true), holding[flip...].allSatisfy({ $0 }) {
            return (
                "holds only above \(key) = \(NumberFormat.decimal(points[flip - 1].value, digits: 0)) (\(listed))", nil
            )
        }
        if let flip = holding.firstIndex(of: false), holding[flip...].allSatisfy({ !$0 }) {
            return ("holds only below \(key) = \(NumberFormat.decimal(points[flip].value, digits: 0)) (\(listed))", nil)
        }
        return ("mixed over \(key) (\(listed))", nil)
    }

    /// The strategy name of `base`'s runs on `platform` with exactly `overrides` (`[:]`: the control).
    private func variant(_ base: String, _ overrides: [String: String], _ platform: String) -> String? {
        document.runs.first {
            $0.platform == platform && ($0.control ?? $0.strategy) == base && ($0.overrides ?? [:]) == overrides
        }?.strategy
    }

    /// The claim's mechanism and the profile parameters acting on it; where the platforms disagree,
    /// which way phase 2's metric moved between them.
    private func mechanismText(_ claim: ReviewClaim, platforms: [String], verdicts: [Bool?]) -> String {
        var text = claim.mechanism
        text +=
            claim.platformKeys.isEmpty
            ? "; no profile parameter acts on it"
            : "; profile: " + claim.platformKeys.map(Inline.code).joined(separator: ", ")
        let known = verdicts.compactMap { $0 }
        if Set(known).count > 1 {
            let values = platforms.map { platform in
                reviewMedian(Self.reviewAfter, claim, platform: platform).map {
                    "\(platform) \(cell(claim.metric, $0))"
                } ?? "\(platform) not measured"
            }
            text +=
                "; differs by platform: phase 2 \(claim.metric.title.lowercased()) " + values.joined(separator: " vs ")
        }
        return text
    }
}
