import Results

extension CategoryTally {
    /// Ours on the LANs of a results file, per category of their truth: every found device of every
    /// `scan` run of `strategy` (a device found in three runs counts three times), given when the
    /// run's classifier named a category (`category_predicted`), correct when it named the truth's
    /// (the same counting as `names.category_correct` / `category_given`); then `all`.
    ///
    /// - Throws: `CorpusError` when the file holds no scan run of `strategy`.
    public static func tally(
        results: ResultsDocument,
        strategy: String,
        path: String
    ) throws(CorpusError) -> [CategoryTally] {
        let runs = results.runs.filter { $0.strategy == strategy && $0.scenario == "scan" }
        guard !runs.isEmpty else {
            let names = Set(results.runs.map(\.strategy)).sorted().joined(separator: ", ")
            throw CorpusError("\(path) holds no scan run of strategy '\(strategy)'", fix: "use one of: \(names)")
        }
        return tally(
            runs.flatMap(\.devices).filter(\.found).map { device in
                (device.category, device.categoryPredicted != nil, device.categoryPredicted == device.category)
            }
        )
    }
}
