import ArgumentParser
import Foundation
import Fuzzing
import TestbedPlatform

/// `scanbench fuzz [PARSER…]`: seeded mutation fuzzing of the parsers that read bytes from outside.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Feed seeded, mutated inputs to every parser that reads bytes from outside; any crash is a bug.",
        discussion: """
            Each parser (see --list) starts from valid samples written as real senders write \
            them and mutates them: bit flips, boundary bytes, truncation, insertion, deletion, \
            length-field edits and splices of two samples (one input in sixteen is random \
            bytes). The same --seed draws the same inputs, so a run is repeatable.

            A parser must refuse bad input with its own typed error (or a nil result); an error \
            of another type, or a DNS message that does not survive its own round trip, is \
            reported and the exit status is 1. A trap (force unwrap, index out of range, \
            overflow) kills the process: the input being parsed is then already in \
            DIR/PARSER.crash (--repro-dir), and the process dies of the signal. A run without \
            failures removes its empty repro files.

            scripts/fuzz runs every parser in its own process with 1 000 000 inputs each.

            Examples:
              scanbench fuzz --list
              scanbench fuzz dns --count 100000
              scanbench fuzz --count 1000000 --seed 7 --repro-dir /tmp/fuzz
              scanbench fuzz --replay /tmp/fuzz/dns.crash dns
            """
    )

    @Argument(help: "Parsers to fuzz (default: all; names from --list).")
    var parsers: [String] = []

    @Option(help: "Inputs per parser.")
    var count = 100_000

    @Option(help: "Seed of the input sequence (the same seed and count give the same inputs).")
    var seed: UInt64 = 0x5CA9_F022

    @Option(help: "Directory for crash repro files (PARSER.crash); created when missing.")
    var reproDir = "."

    @Option(help: "Run one parser on the bytes of FILE (a repro file) instead of fuzzing.")
    var replay: String?

    @Flag(help: "List the parsers and what each one feeds, then exit.")
    var list = false

    func validate() throws {
        guard count > 0 else { throw ValidationError("--count must be at least 1") }
        for name in parsers where FuzzCatalogue.target(named: name) == nil {
            throw ValidationError("no parser called '\(name)'; `scanbench fuzz --list` names them")
        }
        if replay != nil, parsers.count != 1 {
            throw ValidationError("--replay needs exactly one parser, e.g. `scanbench fuzz --replay dns.crash dns`")
        }
    }

    func run() throws {
        if list {
            for target in FuzzCatalogue.all {
                print("\(target.name.padding(toLength: 18, withPad: " ", startingAt: 0)) \(target.summary)")
            }
            return
        }
        let targets = parsers.isEmpty ? FuzzCatalogue.all : parsers.compactMap(FuzzCatalogue.target(named:))
        if let replay {
            guard let data = FileManager.default.contents(atPath: replay) else {
                throw ValidationError("cannot read --replay file \(replay); give the path of a PARSER.crash file")
            }
            let outcome = targets[0].parse(Array(data))
            print("\(targets[0].name): \(data.count) bytes from \(replay): \(outcome)")
            if case .failed = outcome { throw ExitCode.failure }
            return
        }
        try FileManager.default.createDirectory(atPath: reproDir, withIntermediateDirectories: true)
        var failed = false
        for target in targets {
            failed = try fuzz(target) || failed
        }
        if failed { throw ExitCode.failure }
    }

    /// Runs one parser with its repro file armed; true when it reported failures.
    private func fuzz(_ target: FuzzTarget) throws -> Bool {
        let reproPath = (reproDir as NSString).appendingPathComponent("\(target.name).crash")
        let recorder: CrashRecorder
        do {
            recorder = try CrashRecorder(path: reproPath)
        } catch {
            throw ValidationError(
                "cannot arm the crash recorder at \(reproPath): \(error); pick a writable --repro-dir"
            )
        }
        let start = Date()
        let every = max(1, min(count / 20, 50_000))
        let tally = FuzzCampaign.run(target, count: count, seed: seed, recorder: recorder, progressEvery: every) {
            done in
            let elapsed = Date().timeIntervalSince(start)
            let eta = elapsed / Double(done) * Double(count - done)
            Terminal.progress(
                "fuzz \(target.name): \(done)/\(count) (\(Int(Double(done) / max(elapsed, 1e-9))) inputs/s, ETA \(Int(eta.rounded())) s)"
            )
        }
        let seconds = Date().timeIntervalSince(start)
        print(
            "\(target.name): \(tally.inputs) inputs in \(String(format: "%.1f", seconds)) s, \(tally.accepted) accepted, "
                + "\(tally.rejected) rejected, \(tally.failedCount) failed, 0 crashes (seed \(seed))"
        )
        for failure in tally.failures {
            let path = (reproDir as NSString).appendingPathComponent("\(target.name)-\(failure.index).failed")
            let saved = FileManager.default.createFile(atPath: path, contents: Data(failure.bytes))
            print(
                "  input \(failure.index): \(failure.reason) (\(saved ? "bytes in" : "could not write its bytes to") \(path))"
            )
        }
        try? FileManager.default.removeItem(atPath: reproPath)
        return tally.failedCount > 0
    }
}
