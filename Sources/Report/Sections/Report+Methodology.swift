import Results

extension Report {
    /// How the runs were made, and the environment.
    func methodologySection() -> String {
        let environment = document.environment
        var text = "## Methodology\n\n"
        text +=
            "- **Schedule.** Runs were interleaved — every strategy once, then every strategy again (A B C … A B C …) — so "
        text +=
            "drift in the machine's load hits every strategy alike; `sequence` in the raw table is the order they ran in.\n"
        if let lanes = environment.lanes, lanes > 1 {
            text +=
                "- **Lanes.** \(lanes) copies of each LAN ran entries side by side (each lane took the next entry when free), so scans "
            text +=
                "shared the CPU; counters are unaffected, timings are slightly pessimistic. Use `scanbench run --lanes 1` for the cleanest timings.\n"
        }
        text +=
            "- **A LAN per run, and seeds.** Each run had a LAN of its own, brought up with the run's seed, left 2 s to "
        text +=
            "settle and taken down after it, so no run inherits another's ARP caches or sockets. The seed drives every "
        text += "random impairment of the LAN and the scanner's own random choices; "
        text += seedSentence() + "\n"
        text +=
            "- **Repetitions.** Each strategy ran \(environment.repetitions) times per fixture and scenario on a freshly "
        text += "captured link; tables show the median over the successful repetitions and the range, never a mean. "
        text += "Failed or timed-out runs are listed below and left out of the medians.\n"
        // Written here, not built from the catalogue's `Metric.Source`: the sentence names groups
        // of figures ("CPU, memory, context switches …", "radio active time") that no metric's title
        // spells, gives each source its own verb and punctuation, and leaves out `tools`; generating
        // it byte for byte would only move this text into the catalogue.
        text +=
            "- **Sources of the numbers.** Wire figures come from the libpcap capture of the scanner's link, stack figures "
        text +=
            "from the scanner's event log, truth from the fixture; CPU, memory, context switches, wakeups and system calls were "
        text +=
            "measured from outside the scanner process (wait4, /proc, kernel tracepoint counters); radio active time is an estimate "
        text += "from the capture under a published Wi-Fi power model, not a measurement. "
        text += "Definitions: [docs/METRICS.md](\(options.metricsDocLink)).\n"
        text += platformParagraph(environment.platform)
        text +=
            "- **Comparing two results files.** `scanbench compare BASELINE.json CURRENT.json` gates counters on thresholds "
        text += "and timings on a Mann–Whitney test plus a minimum effect (docs/REPORTS.md).\n\n"
        var table = MarkdownTable([("Environment", .left), ("Value", .left)])
        table.add(["Kernel", environment.kernel])
        table.add(["CPU", "\(environment.cpu), \(environment.cores) cores"])
        table.add(["Memory", NumberFormat.decimal(environment.memoryGiB, digits: 1) + " GiB"])
        table.add(["Swift", environment.swiftVersion])
        table.add(["scanbench", environment.scanbenchVersion])
        table.add(["Shard", environment.shard])
        for (name, hash) in environment.fixtureHashes.sorted(by: { $0.key < $1.key }) {
            table.add(["Fixture \(Inline.code(name))", "sha256 \(Inline.code(String(hash.prefix(16))))…"])
        }
        for (name, hash) in environment.strategyHashes.sorted(by: { $0.key < $1.key }) {
            table.add(["Strategy \(Inline.code(name))", "sha256 \(Inline.code(String(hash.prefix(16))))…"])
        }
        if let platform = environment.platform {
            table.add([
                "Platform \(Inline.code(platform.name))", "sha256 \(Inline.code(String(platform.sha256.prefix(16))))…",
            ])
        }
        return text + table.render() + platformTable(environment.platform)
    }

    /// What the runs' seeds were, read from the runs themselves (not from the plan's base seed):
    /// one seed per repetition shared by every strategy, one seed for every run, or each run its own.
    func seedSentence() -> String {
        let seeded = document.runs.filter { $0.seed != nil }
        guard !seeded.isEmpty else {
            return "each run drew its own (the raw runs list them; `scanbench run --seed N` replays one)."
        }
        let unseeded = document.runs.count - seeded.count
        let missing = unseeded == 0 ? "" : " \(unseeded) run\(unseeded == 1 ? "" : "s") recorded no seed."
        let seeds = Set(seeded.compactMap(\.seed)).sorted()
        if seeds.count == 1 {
            return "every run used seed \(seeds[0]), so repetitions differ only by timing "
                + "(the Repeatability tables show where that matters).\(missing)"
        }
        let byRepetition = Dictionary(grouping: seeded, by: \.repetition).mapValues {
            Set($0.compactMap(\.seed)).sorted()
        }
        let repetitions = byRepetition.keys.sorted()
        let onePerRepetition =
            byRepetition.values.allSatisfy { $0.count == 1 }
            && Set(byRepetition.values.map { $0[0] }).count == repetitions.count
        if onePerRepetition {
            let pairs = repetitions.map { (repetition: $0, seed: byRepetition[$0]![0]) }
            let first = pairs[0]
            let offset = first.seed &- UInt64(first.repetition)
            let consecutive = pairs.allSatisfy { $0.seed == offset &+ UInt64($0.repetition) }
            let mapping =
                consecutive && first.repetition == 1
                ? "repetition k ran with seed \(first.seed) + k − 1 (seeds \(first.seed)–\(pairs.last!.seed))"
                : pairs.map { "repetition \($0.repetition) with seed \($0.seed)" }.joined(separator: ", ")
            return "\(mapping), every strategy on the same seed within a repetition, so strategies meet the same draws "
                + "of each LAN and repetitions differ by their draws as well as by timing.\(missing)"
        }
        let listing = repetitions.map { repetition in
            "repetition \(repetition): \(byRepetition[repetition]!.map(String.init).joined(separator: ", "))"
        }.joined(separator: "; ")
        return "the runs' seeds were not one per repetition (\(listing)); the raw runs list each run's.\(missing)"
    }

    /// The methodology's bullet on the platform profile the app ran on.
    private func platformParagraph(_ platform: PlatformRecord?) -> String {
        guard let platform else {
            return
                "- **Platform.** Not recorded (a file from before platform profiles): the app ran on this machine as it is (`linux`).\n"
        }
        if platform.neutral {
            return
                "- **Platform.** \(Inline.code(platform.name)): the app ran on this machine as it is, with no emulated cost (docs/PLATFORMS.md).\n"
        }
        var text =
            "- **Platform.** \(Inline.code(platform.name)) (\(platform.device)): the app spent the profile's costs as real CPU in its own "
        text +=
            "process — per connection state callback on the queue that delivered it, per connection started, per publish on the main actor — "
        text +=
            "and ran shared-queue callbacks on a pool of the profile's width; the LAN's devices are unchanged. Every parameter and its source "
        text +=
            "is in the table below; assumptions carry the range to sweep them over (`--sweep platform.KEY=…`, docs/PLATFORMS.md). "
        text += "A model, not a phone: this machine's cores are not the phone's.\n"
        let others = runPlatforms.filter { $0 != platform.name }
        if !others.isEmpty {
            text += "  The file joins runs of several platforms (`scanbench merge --across-platforms`): "
            text +=
                "the runs on \(others.map(Inline.code).joined(separator: ", ")) ran the app as it is, and every section says which platform it shows.\n"
        }
        return text
    }

    /// Every parameter of a non-neutral platform with its source or assumption.
    private func platformTable(_ platform: PlatformRecord?) -> String {
        guard let platform, !platform.neutral else { return "" }
        var table = MarkdownTable([("Platform parameter", .left), ("Value", .right), ("Source", .left)])
        for parameter in platform.parameters {
            let source: String
            if let assumption = parameter.assumption {
                let range =
                    parameter.sweep.map {
                        " — sweep \(NumberFormat.decimal($0.first ?? 0, digits: 0))–\(NumberFormat.decimal($0.last ?? 0, digits: 0))"
                    } ?? ""
                source = "**assumption**\(range): \(assumption)"
            } else {
                source = parameter.source ?? "—"
            }
            table.add([
                Inline.code(parameter.key),
                NumberFormat.decimal(parameter.value, digits: parameter.value == parameter.value.rounded() ? 0 : 1),
                source,
            ])
        }
        return "\n" + table.render()
    }

    /// The raw-runs table's metric columns, with the decimals printed there (more than the
    /// summaries' for the duration: one run, not a median). Counts print ungrouped, as the JSON has them.
    private static let rawColumns: [(metric: Metric, digits: Int)] = [
        (.tcpAttempts, 0), (.tcpSyn, 0), (.retransmits, 0), (.peakInFlight, 0), (.packets, 0), (.bytes, 0),
        (.captureDrops, 0), (.emulatorWriteFailures, 0), (.connectionsCreated, 0),
    ]
    private static let rawCostColumns: [(metric: Metric, digits: Int)] = [
        (.publishes, 0), (.duration, 2), (.cpu, 2), (.peakRSS, 1),
    ]

    private static func rawHeader(_ metric: Metric) -> (String, MarkdownTable.Alignment) {
        (metric.shortHeader, .right)
    }

    /// One figure of one run; "—" when unmeasured, also for every event-log figure of a run whose event log was unread.
    private static func rawCell(_ column: (metric: Metric, digits: Int), _ run: RunResult) -> String {
        if column.metric.source == .eventLog && run.eventLogError != nil { return "—" }
        guard let value = column.metric.value(in: run.metrics) else { return "—" }
        return column.digits == 0 ? String(Int(value)) : NumberFormat.decimal(value, digits: column.digits)
    }

    /// Every run's main numbers, folded.
    func rawRunsSection() -> String {
        var table = MarkdownTable(
            [
                ("Seq", .right), ("Fixture", .left), ("Scenario", .left), ("Strategy", .left), ("Rep", .right),
                ("Status", .left), ("Seed", .right), (Metric.found.shortTitle, .right),
            ]
                + Self.rawColumns.map { Self.rawHeader($0.metric) } + [("Agrees", .left)]
                + Self.rawCostColumns.map { Self.rawHeader($0.metric) } + [("pcap", .left)]
        )
        for run in document.runs.sorted(by: { ($0.sequence, $0.repetition) < ($1.sequence, $1.repetition) }) {
            let m = run.metrics
            let status = run.status == .ok ? "ok" : "\(run.status.rawValue): \(run.error ?? "no message")"
            table.add(
                [
                    "\(run.sequence)", run.fixture, run.scenario + (run.platform.map { " · \($0)" } ?? ""),
                    Inline.code(run.strategy), "\(run.repetition)", status, run.seed.map(String.init) ?? "—",
                    "\(m.yield.found)/\(m.yield.discoverable)",
                ]
                    + Self.rawColumns.map { Self.rawCell($0, run) } + [
                        run.eventLogError == nil ? Self.agreesCell(m.stack) : "—"
                    ]
                    + Self.rawCostColumns.map { Self.rawCell($0, run) } + [run.pcap.map { "[pcap](\($0))" } ?? "—"]
            )
        }
        var text =
            "## Raw runs\n\n<details><summary>Every run, in schedule order (\(document.runs.count) runs)</summary>\n\n"
        text += table.render()
        text +=
            "\n\"Agrees\": the stack's TCP connects and the wire's SYN attempts agree per address, both ways — at most one SYN "
        text +=
            "attempt per connect the stack started, at least one per connect it saw answered (ready or refused), none to an address "
        text += "where no device lives, and ARP requests for every empty address whose connects were unreachable "
        text +=
            "([docs/METRICS.md](\(options.metricsDocLink)#agrees-with-the-wire)). `(one-sided)`: a results file from before schema 4, "
        text += "whose check was only that the wire showed no more SYN attempts than connects.\n\n</details>\n"
        return text
    }

    /// "yes", "no", "yes (one-sided)" for a file whose wire check predates the two-sided one.
    private static func agreesCell(_ stack: RunMetrics.Stack) -> String {
        (stack.agreesWithWire ? "yes" : "no") + (stack.wireCheck.map { $0.isTwoSided ? "" : " (one-sided)" } ?? "")
    }
}
