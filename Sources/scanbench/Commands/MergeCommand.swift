import ArgumentParser
import Foundation
import Results

/// `scanbench merge`: joins the results of shards.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join results.json files of shards (scanbench run --shard I/N) into one.",
        discussion: """
            Example: scanbench merge shard1/results.json shard2/results.json --out merged/results.json

            --across-platforms joins one plan run on two platforms (scanbench run --platform linux, then \
            --platform iphone-a16): each run keeps its platform, and the report sets them side by side \
            (a section per fixture, scenario and platform; the Expected Outcomes get a column per platform).

            --replicates joins whole jobs of one plan with the same seed (the same 'scanbench run' started \
            more than once, e.g. in parallel) into one pool: each file's repetitions are numbered after \
            the previous file's (1-3 and 1-3 become 1-6), each run keeps its seed, and the plan stays the one \
            each file ran, so 'scanbench run --plan' and the CI gate rerun one such job against the pool.
            Example: scanbench merge a/results.json b/results.json c/results.json --replicates --out ref/results.json
            """
    )

    @Argument(help: "results.json files to join.")
    var files: [String]

    @Option(help: "Where to write the joined results.json.")
    var out = "results.json"

    @Flag(
        help:
            "Join the same plan run on different --platform profiles (linux and one profile), each run stamped with its platform."
    )
    var acrossPlatforms = false

    @Flag(
        help:
            "Join whole jobs of the same plan and seed (repeated jobs), numbering each file's repetitions after the previous file's."
    )
    var replicates = false

    func run() throws {
        guard files.count >= 2 else { throw ValidationError("give at least two results.json files") }
        guard !(acrossPlatforms && replicates) else {
            throw ValidationError(
                "--across-platforms and --replicates do not go together: join each platform's repeated jobs first, then the platforms"
            )
        }
        do {
            let parts = try files.map { (name: $0, document: try ResultsDocument.load($0)) }
            let merged =
                try acrossPlatforms
                ? ResultsDocument.mergingAcrossPlatforms(parts)
                : replicates ? ResultsDocument.mergingReplicates(parts) : ResultsDocument.merging(parts)
            let directory = URL(fileURLWithPath: out).deletingLastPathComponent().path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try merged.write(to: out)
            print(
                "wrote \(out): \(merged.runs.count) runs and \(merged.peers.count) peer rows from \(files.count) files"
            )
            print("next: scanbench report \(out)")
        } catch let error as ResultsError {
            Terminal.fail(error.description)
        }
    }
}
