import Foundation

/// Where one run's files go under the output directory: `pcaps/STEM.pcap`, `events/STEM.jsonl`
/// and `probes/STEM.json` (with the classify step's `STEM.pcap`: the part of the session's capture
/// from the app's step on, or the harness probe's own capture), with STEM = `FIXTURE-STRATEGY-SCENARIO-rN` ('/' → '_'). results.json
/// records the paths relative to the output directory, so a results directory can be moved.
struct RunFiles: Sendable {
    var outputDirectory: String
    /// Relative paths.
    var pcap: String
    var events: String
    var probe: String
    /// The classify step's capture.
    var probePcap: String

    init(entry: RunPlan.Entry, outputDirectory: String) {
        let stem = "\(entry.fixture)-\(entry.strategy.name)-\(entry.scenario.rawValue)-r\(entry.repetition)"
            .replacingOccurrences(of: "/", with: "_")
        self.outputDirectory = outputDirectory
        pcap = "pcaps/\(stem).pcap"
        events = "events/\(stem).jsonl"
        probe = "probes/\(stem).json"
        probePcap = "probes/\(stem).pcap"
    }

    /// The absolute path of one of the relative paths above.
    func path(_ relative: String) -> String { "\(outputDirectory)/\(relative)" }

    /// Creates `pcaps/`, `events/` and (when the run probes categories) `probes/`, and removes an
    /// event log an earlier job left at the same path, so the log read afterwards is this run's.
    func prepare(probes: Bool) throws {
        for directory in ["pcaps", "events"] + (probes ? ["probes"] : []) {
            try FileManager.default.createDirectory(atPath: path(directory), withIntermediateDirectories: true)
        }
        try? FileManager.default.removeItem(atPath: path(events))
    }
}
