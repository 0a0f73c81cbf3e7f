/// Joining the results of the shards of one plan (`scanbench run --shard I/N`, then
/// `scanbench merge`).
extension ResultsDocument {
    /// One document holding every run and peer row of `parts`, runs in plan order.
    ///
    /// Shards of one plan share the recorded plan, the reference strategy, the platform profile, the sweep's grid, the seed, the category probe's settings,
    /// the public tables it read and the very same fixture and strategy files; a part that differs, or that repeats a run another part holds, is refused rather
    /// than silently joined, since its numbers would not be comparable.
    /// - Parameter parts: each document with the name (path) to blame in errors; at least one.
    /// - Throws: `ResultsError` naming the file and the difference.
    public static func merging(
        _ parts: [(name: String, document: ResultsDocument)]
    ) throws(ResultsError) -> ResultsDocument {
        guard let (firstName, first) = parts.first else {
            throw ResultsError("nothing to merge", fix: "give the results.json of every shard")
        }
        var merged = first
        for (name, document) in parts.dropFirst() {
            guard document.referenceStrategy == merged.referenceStrategy else {
                throw ResultsError(
                    "\(name) uses reference strategy \(document.referenceStrategy), \(firstName) uses \(merged.referenceStrategy)",
                    fix: "run every shard with the same --reference"
                )
            }
            guard document.environment.seed == merged.environment.seed else {
                let seeds = [document.environment.seed, merged.environment.seed].map {
                    $0.map(String.init) ?? "none (a seed per run)"
                }
                throw ResultsError(
                    "\(name) was run with seed \(seeds[0]), \(firstName) with seed \(seeds[1])",
                    fix: "run every shard with the same --seed (or none)"
                )
            }
            guard document.environment.categoryProbe == merged.environment.categoryProbe else {
                throw ResultsError(
                    "\(name) and \(firstName) probed categories with different settings (or one not at all)",
                    fix: "run every shard with the same --classify-* options (or --no-classify)"
                )
            }
            if merged.environment.categoryProbe != nil, let mine = merged.environment.publicTables,
                let theirs = document.environment.publicTables,
                let differing = mine.first(where: { table in
                    theirs.contains { $0.path == table.path && $0.sha256 != table.sha256 }
                })
            {
                throw ResultsError(
                    "\(name) and \(firstName) classified devices with different versions of \(differing.path)",
                    fix:
                        "run every shard on machines with the same ieee-data and nmap packages (environment.public_tables)"
                )
            }
            merged.plan = try mergePlans(merged.plan, document.plan, name, firstName)
            // A file from before profiles ran on linux; one recorded platform must equal the other's.
            guard
                (document.environment.platform?.sha256 ?? PlatformRecord.defaultName)
                    == (merged.environment.platform?.sha256 ?? PlatformRecord.defaultName)
                    || (document.environment.platform?.neutral ?? true)
                        && (merged.environment.platform?.neutral ?? true)
            else {
                let names = [document.environment.platform?.name, merged.environment.platform?.name].map {
                    $0 ?? PlatformRecord.defaultName
                }
                throw ResultsError(
                    "\(name) ran the app on platform \(names[0]), \(firstName) on \(names[1]) (or another file of it)",
                    fix:
                        "run every shard with the same --platform, from the same checkout (to set two platforms side by side: scanbench merge --across-platforms)"
                )
            }
            guard document.sweep == merged.sweep else {
                throw ResultsError(
                    "\(name) and \(firstName) swept different grids (or one none)",
                    fix: "run every shard with the same --sweep flags and --strategy list"
                )
            }
            try mergeHashes(
                &merged.environment.fixtureHashes,
                document.environment.fixtureHashes,
                kind: "fixture",
                name,
                firstName
            )
            try mergeHashes(
                &merged.environment.strategyHashes,
                document.environment.strategyHashes,
                kind: "strategy",
                name,
                firstName
            )
            merged.runs += document.runs
            merged.peers += document.peers
        }
        let keys = merged.runs.map {
            "\($0.fixture) \($0.strategy) \($0.scenario) r\($0.repetition)" + ($0.platform.map { " on \($0)" } ?? "")
        }
        let repeated = Dictionary(grouping: keys, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        guard repeated.isEmpty else {
            throw ResultsError(
                "the files share runs (\(repeated.prefix(3).joined(separator: ", ")))",
                fix:
                    "merge the results of different shards of one plan, each file once; to pool whole runs of one plan, use scanbench merge --replicates"
            )
        }
        merged.runs.sort { $0.sequence < $1.sequence }
        merged.environment.shard = "merged " + parts.map(\.document.environment.shard).joined(separator: " + ")
        return merged
    }

    /// One document holding the runs of one plan run on several platform profiles (`scanbench run
    /// --platform linux` and `--platform iphone-a16` apart, then `scanbench merge --across-platforms`),
    /// so one report can set the platforms side by side (its Expected Outcomes get a column each).
    ///
    /// Every run is stamped with its file's platform (`RunResult.platform`) and the schedules are
    /// laid end to end in the order given. Everything but the platform must agree as for shards. The
    /// result records no plan (no one `scanbench run --plan` runs two platforms) and keeps the
    /// profile's record that is not `linux`, whose parameters the report lists: so it joins `linux`
    /// with one profile, or runs of one profile's files.
    /// - Throws: `ResultsError` naming the file and the difference, or when the files ran one platform only.
    public static func mergingAcrossPlatforms(
        _ parts: [(name: String, document: ResultsDocument)]
    ) throws(ResultsError) -> ResultsDocument {
        let names = parts.map { $0.document.environment.platform?.name ?? PlatformRecord.defaultName }
        guard Set(names).count >= 2 else {
            throw ResultsError(
                "every file ran platform \(names.first ?? PlatformRecord.defaultName): nothing to set side by side",
                fix:
                    "merge them without --across-platforms (shards of one plan), or add the other platform's results.json"
            )
        }
        let profiles = parts.compactMap { $0.document.environment.platform }.filter { !$0.neutral }
        if let first = profiles.first, let other = profiles.first(where: { $0.sha256 != first.sha256 }) {
            throw ResultsError(
                "the files ran two profiles besides linux (\(first.name), \(other.name)); the report lists one profile's parameters",
                fix: "merge linux with one profile at a time"
            )
        }
        var offset = 0
        let stamped = parts.map { part -> (name: String, document: ResultsDocument) in
            var document = part.document
            let platform = document.environment.platform?.name ?? PlatformRecord.defaultName
            for index in document.runs.indices {
                document.runs[index].platform = document.runs[index].platform ?? platform
                document.runs[index].sequence += offset
            }
            offset = (document.runs.map(\.sequence).max() ?? offset - 1) + 1
            document.environment.platform = profiles.first ?? document.environment.platform
            document.plan?.platform = nil
            return (part.name, document)
        }
        var merged = try merging(stamped)
        merged.plan = nil
        return merged
    }

    /// One document holding several whole runs of one plan (`scanbench run` started more than once
    /// with the same plan and seed, e.g. as parallel jobs), as one pool of replicates: a gate's
    /// reference that reruns the plan once and compares it with the replicates' spread.
    ///
    /// Each file's repetitions follow the previous file's (a file with repetitions 1–3 after one
    /// with 1–3 becomes 4–6) and its schedule is laid after the previous one's; each run keeps the
    /// seed it ran with, and the recorded plan stays the plan each file ran (`scanbench run --plan`
    /// reruns one replicate). Everything else must agree as for shards.
    /// - Throws: `ResultsError` naming the file and the difference.
    public static func mergingReplicates(
        _ parts: [(name: String, document: ResultsDocument)]
    ) throws(ResultsError) -> ResultsDocument {
        var repetitionOffset = 0, sequenceOffset = 0
        let renumbered = parts.map { part -> (name: String, document: ResultsDocument) in
            var document = part.document
            for index in document.runs.indices {
                document.runs[index].repetition += repetitionOffset
                document.runs[index].sequence += sequenceOffset
            }
            for index in document.peers.indices { document.peers[index].repetition += repetitionOffset }
            repetitionOffset = document.runs.map(\.repetition).max() ?? repetitionOffset
            sequenceOffset = (document.runs.map(\.sequence).max() ?? sequenceOffset - 1) + 1
            return (part.name, document)
        }
        var merged = try merging(renumbered)
        merged.environment.shard = "replicates " + parts.map(\.document.environment.shard).joined(separator: " + ")
        return merged
    }

    /// Shards of one plan record the same plan (`RecordedPlan.differences` finds none; where a
    /// shard found a strategy file may differ, its hash may not), or none (files from before plans
    /// were recorded). `--peers` may be given to some shards only (the reference tools need to run
    /// once per fixture): the joined plan has peers when a shard ran them.
    /// - Returns: the joined plan.
    private static func mergePlans(
        _ plan: RecordedPlan?,
        _ incoming: RecordedPlan?,
        _ name: String,
        _ firstName: String
    ) throws(ResultsError) -> RecordedPlan? {
        switch (plan, incoming) {
        case (nil, nil):
            return nil
        case (var plan?, var incoming?):
            let peers = plan.peers || incoming.peers
            (plan.peers, incoming.peers) = (peers, peers)
            let differences = plan.differences(from: incoming, label: firstName, otherLabel: name)
            guard !differences.isEmpty else { return plan }
            throw ResultsError(
                "\(name) and \(firstName) ran different plans:\n    " + differences.joined(separator: "\n    "),
                fix:
                    "merge the shards of one plan: every 'scanbench run --shard I/N' with the same fixtures, strategies, scenarios, --repeat, --sweep and --classify-* options"
            )
        case (nil, _?), (_?, nil):
            let without = plan == nil ? firstName : name
            throw ResultsError(
                "\(without) records no plan and the other file does: they were written by different versions of scanbench, so they are not shards of one plan",
                fix: "run every shard with the same scanbench build"
            )
        }
    }

    /// Adds `incoming` hashes to `hashes`; the same name with another hash means another file.
    private static func mergeHashes(
        _ hashes: inout [String: String],
        _ incoming: [String: String],
        kind: String,
        _ name: String,
        _ firstName: String
    ) throws(ResultsError) {
        for (key, hash) in incoming.sorted(by: { $0.key < $1.key }) {
            if let known = hashes[key], known != hash {
                throw ResultsError(
                    "\(name) ran \(kind) \(key) from a different file than \(firstName) (sha256 \(hash.prefix(12))… vs \(known.prefix(12))…)",
                    fix: "run every shard from the same checkout, with the same \(kind) files"
                )
            }
            hashes[key] = hash
        }
    }
}
