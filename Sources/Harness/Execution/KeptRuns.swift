import CaptureFiles
import Foundation
import Results

/// What `scanbench run --resume` keeps of an interrupted run: its successful runs whose capture
/// still reads from its header to its last record. A run whose pcap is missing, truncated or
/// garbage (a disk that filled or failed, a file damaged since) has lost the evidence its wire
/// figures came from, so it runs again under its own seed instead of being kept unverifiable.
public enum KeptRuns {
    /// A kept run that must run again, and why.
    public struct Rerun: Sendable, Equatable {
        public var sequence: Int
        /// The run's name as progress lines give it (`tiny scanbench-best scan r1`).
        public var name: String
        /// What is wrong with its capture (the capture reader's message: file, where, how to repair).
        public var reason: String
    }

    /// The successful runs of `runs` whose capture under `outputDirectory` cannot be read to its
    /// end; a run that records no pcap is kept as it is.
    public static func unreadableCaptures(_ runs: [RunResult], outputDirectory: String) -> [Rerun] {
        runs.compactMap { run in
            guard run.status == .ok, let pcap = run.pcap else { return nil }
            let path = "\(outputDirectory)/\(pcap)"
            do {
                try CaptureFile(path: path).forEach { _ in }
                return nil
            } catch {
                return Rerun(
                    sequence: run.sequence,
                    name: "\(run.fixture) \(run.strategy) \(run.scenario) r\(run.repetition)",
                    reason: "\(error)"
                )
            }
        }
    }
}
