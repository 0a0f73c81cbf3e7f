import CaptureFiles
import Foundation
import Harness
import Results
import Testing

/// `scanbench run --resume` keeps a successful run only while its capture reads to its end.
@Suite("kept runs of a resumed run")
struct KeptRunsTests {
    /// A pcap of `frames` 60-byte frames at `path`.
    static func writePcap(_ path: String, frames: Int) throws {
        let writer = try PcapFileWriter(path: path)
        let frame = [UInt8](repeating: 0xAB, count: 60)
        for i in 0..<frames {
            try frame.withUnsafeBytes {
                try writer.write(timestamp: Int64(i) * 1_000_000, originalLength: 60, data: $0)
            }
        }
        try writer.close()
    }

    static func run(_ sequence: Int, status: RunResult.Status = .ok, pcap: String?) -> RunResult {
        RunResult(
            fixture: "tiny",
            strategy: "s\(sequence)",
            scenario: "scan",
            repetition: 1,
            sequence: sequence,
            status: status,
            pcap: pcap
        )
    }

    @Test("an intact pcap keeps its run; a truncated, garbage or missing one runs again, with the reader's reason")
    func unreadableCaptures() throws {
        let directory = NSTemporaryDirectory() + "kept-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: "\(directory)/pcaps", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in ["intact", "truncated", "garbage"] {
            try Self.writePcap("\(directory)/pcaps/\(name).pcap", frames: 10)
        }
        // Cut inside the last record, as a disk that filled mid-write leaves it.
        let truncated = "\(directory)/pcaps/truncated.pcap"
        let size = try #require(try FileManager.default.attributesOfItem(atPath: truncated)[.size] as? Int)
        try FileHandle(forWritingAtPath: truncated).map { try $0.truncate(atOffset: UInt64(size - 7)) }
        try Data(repeating: 0x5A, count: 300).write(to: URL(fileURLWithPath: "\(directory)/pcaps/garbage.pcap"))
        let runs = [
            Self.run(1, pcap: "pcaps/intact.pcap"),
            Self.run(2, pcap: "pcaps/truncated.pcap"),
            Self.run(3, pcap: "pcaps/garbage.pcap"),
            Self.run(4, pcap: "pcaps/missing.pcap"),
            Self.run(5, pcap: nil),
            Self.run(6, status: .failed, pcap: "pcaps/missing.pcap"),
        ]
        let reruns = KeptRuns.unreadableCaptures(runs, outputDirectory: directory)
        #expect(reruns.map(\.sequence) == [2, 3, 4], "\(reruns)")
        #expect(reruns.first?.name == "tiny s2 scan r1")
        #expect(reruns[0].reason.contains("truncated.pcap is damaged at byte"), "\(reruns[0].reason)")
        #expect(reruns[1].reason.contains("not a pcap file"), "\(reruns[1].reason)")
        #expect(reruns[2].reason.contains("missing.pcap"), "\(reruns[2].reason)")
    }
}
