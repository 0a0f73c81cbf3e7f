import ArgumentParser
import Foundation

/// `--lanes N`, as every command that runs a plan takes it (`run`, `ablate`, `tune`): copies of each
/// LAN running runs side by side (docs/HARNESS.md#lanes). `--jobs N` is its old spelling, still taken.
struct LaneOption: ParsableArguments {
    /// The range every command accepts.
    static let range = 1...8

    @Option(
        help: ArgumentHelp(
            "Copies of each LAN running runs side by side (1-8).",
            discussion:
                "1 (default) runs one scan at a time: the cleanest timings. 2 halves the wall time; scans then share the CPU and the kernel's neighbour table limits (raised for the job).",
            valueName: "N"
        )
    )
    var lanes: Int?

    @Option(name: .customLong("jobs"), help: .hidden)
    var deprecatedJobs: Int?

    /// The lanes asked for (default 1).
    var count: Int { lanes ?? deprecatedJobs ?? 1 }

    mutating func validate() throws {
        if deprecatedJobs != nil {
            guard lanes == nil else { throw ValidationError("give --lanes or its old spelling --jobs, not both") }
            Deprecation.warn(old: "--jobs", new: "--lanes")
        }
        guard Self.range.contains(count) else {
            throw ValidationError("--lanes must be \(Self.range.lowerBound) to \(Self.range.upperBound)")
        }
    }
}

/// A renamed option's old spelling: one line on stderr, once per process, naming the new one.
enum Deprecation {
    static func warn(old: String, new: String) {
        FileHandle.standardError.write(
            Data("scanbench: \(old) is now \(new) (docs/GLOSSARY.md); the old spelling still works\n".utf8)
        )
    }
}
