import Foundation

/// Splits one classic pcap file (what `LiveCapture` writes) at an instant into the records before
/// it and those from it on: the harness keeps one capture around an app session and cuts it where
/// the app's classify step began, so the scan keeps its own file (`pcaps/STEM.pcap`) and the step
/// its own (`probes/STEM.pcap`), each with the semantics it had when they were two captures.
///
/// A damaged file (cut inside a record, as a capture stopped mid-write leaves it, or hostile) is
/// split up to the damage: every record before it is kept and counted, the damage is reported,
/// and nothing traps.
public enum CaptureSplit {
    /// What the split wrote.
    public struct Outcome: Sendable, Equatable {
        /// Records before the instant, and from it on.
        public var before: Int
        public var after: Int
        /// Where and why the source's records stopped early; nil when it was read to its end.
        public var damage: String?
    }

    /// Writes the records of `source` stamped before `instantNs` (ns since the epoch) to `before`
    /// and the rest to `after`. `before` may be `source` itself: the file is replaced once the
    /// split is written.
    /// - Throws: `CaptureError.fileOpenFailed` when `source` is no pcap file; `.fileWriteFailed`.
    public static func split(_ source: String, at instantNs: Int64, before: String, after: String) throws -> Outcome {
        let reader = try PcapReader(path: source)
        let snapshot = min(max(reader.snapshotLength, 65_535), 262_144)
        let early = before + ".split"
        let first = try PcapFileWriter(path: early, linkType: reader.linkType, snapshotLength: snapshot)
        let second = try PcapFileWriter(path: after, linkType: reader.linkType, snapshotLength: snapshot)
        var outcome = Outcome(before: 0, after: 0)
        do {
            try reader.forEach { record in
                let writer = record.timestamp < instantNs ? first : second
                try writer.write(timestamp: record.timestamp, originalLength: record.originalLength, data: record.bytes)
            }
        } catch let error as CaptureError {
            switch error {
            case .damagedFile, .fileReadFailed: outcome.damage = "\(error)"
            default: throw error
            }
        }
        try first.close()
        try second.close()
        (outcome.before, outcome.after) = (first.recordCount, second.recordCount)
        guard rename(early, before) == 0 else { throw CaptureError.fileWriteFailed(path: before, errno: errno) }
        return outcome
    }
}
