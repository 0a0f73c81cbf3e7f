import Results

extension Report {
    /// Strategies (not sweep variants) in schedule order, when the file holds more than the four
    /// the review comparison names: then every one of them gets a column in `presetOutcomesTables`.
    var outcomeStrategies: [String] { document.runs.firstSeen { $0.control == nil ? $0.strategy : nil } }

    /// The review's bars applied to every strategy, one table per platform: whether each strategy's
    /// median meets what the review promised for phases 1 + 2 (the same bar and the same baseline as
    /// the table above), so NetMonitor's history — every preset — reads against the claims row by
    /// row. Empty when the file holds no more than the review's four strategies.
    func presetOutcomesTables(_ platforms: [String?]) -> String {
        let strategies = outcomeStrategies
        guard strategies.count > 4 else { return "" }
        var text = "### Every strategy against the review's bars\n\n"
        text +=
            "Each cell: the strategy's median and whether it meets the row's bar (✓ meets, ✗ does not; for a row without a "
        text +=
            "number, better than \(Inline.code(Self.reviewBefore)) by more than 10 %), from the same runs as the table above.\n\n"
        for platform in platforms {
            if let platform { text += "Platform `\(platform)`:\n\n" }
            var table = MarkdownTable([("Outcome", .left), ("Bar", .left)] + strategies.map { ("\($0)", .right) })
            for claim in Self.reviewClaims {
                let before = reviewMedian(Self.reviewBefore, claim, platform: platform)
                let cells = strategies.map { strategy -> String in
                    guard let value = reviewMedian(strategy, claim, platform: platform) else { return "—" }
                    let mark = Self.judge(claim, before: before, after: value).map { $0 ? " ✓" : " ✗" } ?? ""
                    return cell(claim.metric, value) + mark
                }
                table.add([claim.outcome, claim.bar] + cells)
            }
            text += table.render() + "\n"
        }
        return text
    }
}
