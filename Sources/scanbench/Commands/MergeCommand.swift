import ArgumentParser
import Foundation
import Results

/// `scanbench merge`: joins the results of shards.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join results.json files of shards (scanbench run --shard I/N) into one.",
        discussion: "Example: scanbench merge shard1/results.json shard2/results.json --out merged/results.json"
    )

    @Argument(help: "results.json files to join.")
    var files: [String]

    @Option(help: "Where to write the joined results.json.")
    var out = "results.json"

    func run() throws {
        guard files.count >= 2 else { throw ValidationError("give at least two results.json files") }
        do {
            let documents = try files.map(ResultsDocument.load)
            var merged = documents[0]
            for (file, document) in zip(files.dropFirst(), documents.dropFirst()) {
                guard document.referenceStrategy == merged.referenceStrategy else {
                    throw ResultsError("\(file) uses reference strategy \(document.referenceStrategy), \(files[0]) uses \(merged.referenceStrategy)",
                                       fix: "run every shard with the same --reference")
                }
                merged.runs += document.runs
                merged.peers += document.peers
                merged.environment.fixtureHashes.merge(document.environment.fixtureHashes) { first, _ in first }
                merged.environment.strategyHashes.merge(document.environment.strategyHashes) { first, _ in first }
            }
            let keys = merged.runs.map { "\($0.fixture)|\($0.strategy)|\($0.scenario)|\($0.repetition)" }
            guard Set(keys).count == keys.count else {
                throw ResultsError("the files share runs (same fixture, strategy, scenario and repetition)",
                                   fix: "merge the results of different shards of one plan")
            }
            merged.runs.sort { $0.sequence < $1.sequence }
            merged.environment.shard = "merged \(documents.map(\.environment.shard).joined(separator: " + "))"
            try merged.write(to: out)
            print("wrote \(out): \(merged.runs.count) runs from \(files.count) files")
        } catch let error as ResultsError {
            Terminal.fail(error.description)
        }
    }
}
