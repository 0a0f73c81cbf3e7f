import Foundation
import Spawn
import Testing
@testable import CaptureFiles
@testable import CaptureAnalysis
import Wire

/// `PcapReader`, our classic pcap reader, against libpcap (`PcapFileReader`) on the files
/// Wireshark's editcap writes, on byte-swapped and pre-2.3 files, and on damage.
@Suite("pcap reader")
struct PcapReaderTests {
    /// What a reader handed over, comparable.
    struct Read: Equatable {
        var timestamp: Int64
        var originalLength: Int
        var bytes: [UInt8]
    }

    static func read(_ path: String) throws -> [Read] {
        var records: [Read] = []
        try PcapReader(path: path).forEach {
            records.append(Read(timestamp: $0.timestamp, originalLength: $0.originalLength, bytes: Array($0.bytes)))
        }
        return records
    }

    static func readWithLibpcap(_ path: String) throws -> [Read] {
        try PcapFileReader(path: path).readAll().map {
            Read(timestamp: $0.timestamp, originalLength: $0.originalLength, bytes: $0.data)
        }
    }

    /// The sample packets, the second cut to 30 bytes by a snap length, written by our writer
    /// (nanosecond magic, little-endian, version 2.4).
    static func sampleFile() throws -> (path: String, packets: [CapturedPacket]) {
        var packets = PcapFileTests.samplePackets()
        packets[1].data = Array(packets[1].data.prefix(30))
        let path = PcapFileTests.temporaryPath(".pcap")
        let writer = try PcapFileWriter(path: path)
        for packet in packets { try writer.write(packet) }
        try writer.close()
        return (path, packets)
    }

    @Test func readsOurFilesAsWritten() throws {
        let (path, packets) = try Self.sampleFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try PcapReader(path: path)
        #expect(reader.linkType == .ethernet && reader.snapshotLength == 262_144)
        let expected = packets.map { Read(timestamp: $0.timestamp, originalLength: $0.originalLength, bytes: $0.data) }
        #expect(try Self.read(path) == expected)
        #expect(try Self.readWithLibpcap(path) == expected)
    }

    /// editcap's classic formats: microsecond, nanosecond, and Kuznetzov's patched records
    /// (24-byte headers). Each must read as libpcap reads it.
    @Test(.enabled(if: (try? ExecutableSearch.locate("editcap")) != nil), arguments: ["pcap", "nsecpcap", "modpcap"])
    func readsWhatEditcapWritesAsLibpcapDoes(format: String) throws {
        let (path, packets) = try Self.sampleFile()
        let converted = PcapFileTests.temporaryPath(".\(format)")
        defer {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: converted)
        }
        let edit = try ChildProcess.run(["editcap", "-F", format, path, converted], timeout: 60)
        #expect(edit.status == 0, "\(edit.stderr)")
        let ours = try Self.read(converted)
        #expect(ours.count == packets.count)
        #expect(try ours == Self.readWithLibpcap(converted))
        #expect(ours.map(\.bytes) == packets.map(\.data))
        if format == "pcap" || format == "modpcap" {
            #expect(ours.map(\.timestamp) == packets.map { $0.timestamp / 1_000 * 1_000 })  // microseconds
        } else {
            #expect(ours.map(\.timestamp) == packets.map(\.timestamp))
        }
    }

    /// A big-endian file (as a SPARC or PowerPC tcpdump wrote it): every header field swapped,
    /// the packet bytes untouched.
    @Test func readsTheOtherByteOrder() throws {
        let (path, packets) = try Self.sampleFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        func swap(_ at: Int, _ width: Int) { bytes[at..<(at + width)].reverse() }
        swap(0, 4); swap(4, 2); swap(6, 2)
        for at in stride(from: 8, to: 24, by: 4) { swap(at, 4) }
        var at = 24
        for packet in packets {
            for field in 0..<4 { swap(at + 4 * field, 4) }
            at += 16 + packet.data.count
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try Self.read(path).map(\.timestamp) == packets.map(\.timestamp))
        #expect(try Self.read(path) == Self.readWithLibpcap(path))
        #expect(try PcapReader(path: path).linkType == .ethernet)
    }

    /// Before version 2.3 the record header held the original length first; 2.3 files may hold
    /// either order (a captured length above the original one tells), today's order included.
    @Test(arguments: [(UInt16(2), true), (3, true), (3, false)])
    func readsOldVersions(minor: UInt16, lengthsSwapped: Bool) throws {
        let (path, packets) = try Self.sampleFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[6] = UInt8(minor)
        var at = 24
        for packet in packets where lengthsSwapped {
            let captured = Array(bytes[(at + 8)..<(at + 12)])
            bytes.replaceSubrange((at + 8)..<(at + 12), with: bytes[(at + 12)..<(at + 16)])
            bytes.replaceSubrange((at + 12)..<(at + 16), with: captured)
            at += 16 + packet.data.count
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let read = try Self.read(path)
        #expect(read.map(\.bytes) == packets.map(\.data))
        #expect(read.map(\.originalLength) == packets.map(\.originalLength))
        #expect(try read == Self.readWithLibpcap(path))
    }

    /// A path that opens but cannot be read (a directory) is a read error with the system's
    /// reason in the readers, not an empty or damaged capture; `CaptureFile` (what analyze and
    /// the twin open) refuses it, and a pipe, before reading: it reads a capture more than once.
    @Test func directoriesAndPipesAreRefusedWithTheReason() throws {
        let directory = NSTemporaryDirectory()
        for open in [{ _ = try PcapReader(path: directory) }, { _ = try PcapngReader(path: directory) }]
            as [() throws -> Void]
        {
            let error = #expect(throws: CaptureError.self) { try open() }
            guard case .fileReadFailed(_, let message)? = error else {
                Issue.record("not a read error: \(String(describing: error))")
                continue
            }
            #expect(message == String(cString: strerror(EISDIR)), "\(message)")
        }
        let notADirectory = #expect(throws: CaptureError.self) { try WireAnalyzer.analyze(captureFile: directory) }
        #expect(
            notADirectory?.description.contains("it is a directory") == true,
            "\(String(describing: notADirectory))"
        )
        // A whole capture in a pipe, as `cat capture.pcap | scanbench analyze /dev/stdin` gives it:
        // the first look would swallow it, so it is refused with the way round.
        let (path, _) = try Self.sampleFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        #expect(write(ends[1], bytes, bytes.count) == bytes.count)
        close(ends[1])
        let piped = #expect(throws: CaptureError.self) {
            try WireAnalyzer.analyze(captureFile: "/proc/self/fd/\(ends[0])")
        }
        #expect(piped?.description.contains("save the stream first") == true, "\(String(describing: piped))")
    }

    @Test func damageStopsTheWalkWithItsOffset() throws {
        let (path, packets) = try Self.sampleFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let third = 24 + 16 + packets[0].data.count + 16 + packets[1].data.count
        for (cut, block, reason) in [
            (third + 7, "record header", "ends 7 bytes into a 16-byte record header"),
            (third + 16 + 3, "record", "says \(packets[2].data.count) captured bytes but the file ends after 3"),
        ] {
            try Data(whole.prefix(cut)).write(to: URL(fileURLWithPath: path))
            var count = 0
            let error = #expect(throws: CaptureError.self) { try PcapReader(path: path).forEach { _ in count += 1 } }
            #expect(count == 2)
            guard case .damagedFile(_, let offset, let named, let why)? = error else {
                Issue.record("not damage: \(String(describing: error))")
                continue
            }
            #expect(offset == Int64(third) && named == block && why.contains(reason), "\(why)")
            // analyze reads the two packets before it and says where it stopped.
            let analysis = try WireAnalyzer.analyze(captureFile: path)
            #expect(
                analysis.captureFile?.packetsRead == 2
                    && analysis.captureFile?.damage?.contains("at byte \(third)") == true
            )
        }
        // A captured length past any record's: damage, not a 4 GiB buffer.
        var hostile = whole
        hostile.replaceSubrange(32..<36, with: [0xFF, 0xFF, 0xFF, 0x7F])
        try Data(hostile).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: CaptureError.self) { try PcapReader(path: path).forEach { _ in } }
        #expect(error?.description.contains("captured length 2147483647") == true)
    }

    @Test func notAPcapFileIsRefusedAtOpen() throws {
        let path = PcapFileTests.temporaryPath(".pcap")
        defer { try? FileManager.default.removeItem(atPath: path) }
        for (bytes, says) in [
            (Array("not a capture file at all".utf8), "no pcap magic"),
            ([0xD4, 0xC3, 0xB2, 0xA1, 3, 0, 0, 0] + [UInt8](repeating: 0, count: 16), "pcap version 3.0"),
            ([0xD4, 0xC3, 0xB2, 0xA1, 2, 0], "shorter than the 24-byte pcap file header"),
        ] {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: CaptureError.self) { try PcapReader(path: path) }
            #expect(error?.description.contains(says) == true, "\(String(describing: error))")
            #expect(error?.description.contains(path) == true)
        }
    }

    /// Random damage to a valid file: every outcome is packets, a typed error, or both — never a
    /// crash or a hang. (The long run is `scripts/fuzz pcap-file`.)
    @Test func mutatedFilesNeverCrash() throws {
        let (path, _) = try Self.sampleFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let outcomes = try MutatedCaptureFiles.analyze(original, suffix: ".pcap", seed: 0x9CA9_F11E)
        #expect(outcomes.sawEach, "\(outcomes)")
    }
}
