import Foundation
import Spawn
import Testing
@testable import CaptureFiles
@testable import CaptureAnalysis

/// `CaptureSplit`: the session's one capture cut where the app's classify step began — every
/// record on exactly one side, in place, and a capture cut short still split up to its damage.
@Suite("capture split")
struct CaptureSplitTests {
    /// The sample packets (at t, t + 123 ms, t + 123 ms + 1 ns), written to a fresh file.
    static func sample() throws -> (path: String, packets: [CapturedPacket]) { try PcapReaderTests.sampleFile() }

    @Test func recordsBeforeTheInstantStayAndTheRestMove() throws {
        let (path, packets) = try Self.sample()
        let after = PcapFileTests.temporaryPath(".pcap")
        defer { for file in [path, after] { try? FileManager.default.removeItem(atPath: file) } }
        // At the second packet's stamp: it and the later one are the step's.
        let outcome = try CaptureSplit.split(path, at: packets[1].timestamp, before: path, after: after)
        #expect(outcome == CaptureSplit.Outcome(before: 1, after: 2, damage: nil))
        #expect(try PcapFileReader(path: path).readAll().map(\.timestamp) == [packets[0].timestamp])
        #expect(
            try PcapFileReader(path: after).readAll().map(\.timestamp) == [packets[1].timestamp, packets[2].timestamp]
        )
        // tshark reads both halves and counts what we count.
        for (file, count) in [(path, 1), (after, 2)] {
            let lines = try ChildProcess.run(["tshark", "-r", file], timeout: 30).stdout.split(separator: "\n").count
            #expect(lines == count, "\(file)")
        }
        #expect(!FileManager.default.fileExists(atPath: path + ".split"))
    }

    @Test func aCaptureCutInsideARecordIsSplitUpToTheDamage() throws {
        let (path, packets) = try Self.sample()
        let after = PcapFileTests.temporaryPath(".pcap")
        defer { for file in [path, after] { try? FileManager.default.removeItem(atPath: file) } }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.truncate(atOffset: UInt64(size - 5))  // the last record loses its last bytes
        try handle.close()
        let outcome = try CaptureSplit.split(path, at: packets[1].timestamp, before: path, after: after)
        #expect(outcome.before == 1 && outcome.after == 1)
        #expect(outcome.damage != nil)
        #expect(try PcapFileReader(path: after).readAll().count == 1)
        // Not a pcap file at all: a clear error.
        try Data("no capture".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: CaptureError.self) { try CaptureSplit.split(path, at: 0, before: path, after: after) }
    }
}
