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
        var rows: [CategoryTally] = []
        var total = CategoryTally(category: "all")
        let runs = results.runs.filter { $0.strategy == strategy && $0.scenario == "scan" }
        guard !runs.isEmpty else {
            let names = Set(results.runs.map(\.strategy)).sorted().joined(separator: ", ")
            throw CorpusError("\(path) holds no scan run of strategy '\(strategy)'", fix: "use one of: \(names)")
        }
        for device in runs.flatMap(\.devices) where device.found {
            if !rows.contains(where: { $0.category == device.category }) {
                rows.append(CategoryTally(category: device.category))
            }
            let index = rows.firstIndex { $0.category == device.category }!
            rows[index].devices += 1
            total.devices += 1
            if let predicted = device.categoryPredicted {
                rows[index].given += 1
                total.given += 1
                if predicted == device.category {
                    rows[index].correct += 1
                    total.correct += 1
                }
            }
        }
        return rows + [total]
    }
}
