import CaptureFiles
import CaptureAnalysis
import Foundation
import Testing

/// pcapng interface statistics blocks carry the capture's own drop counts (`isb_ifdrop`,
/// `isb_osdrop`, cumulative): `fixture from-capture` warns from them, so they must be read.
@Suite("pcapng drop counts")
struct PcapngDropCountTests {
    static func block(_ type: UInt32, _ body: [UInt8]) -> [UInt8] {
        let padded = body + [UInt8](repeating: 0, count: (4 - body.count % 4) % 4)
        let length = UInt32(12 + padded.count)
        return le(type) + le(length) + padded + le(length)
    }
    static func le(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
    static func le(_ value: UInt64) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
    static func le16(_ value: UInt16) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
    static func option(_ code: UInt16, _ value: UInt64) -> [UInt8] { le16(code) + le16(8) + le(value) }

    static func write(_ statistics: [[UInt8]]) throws -> String {
        let header = block(0x0A0D_0D0A, le(UInt32(0x1A2B_3C4D)) + le16(1) + le16(0) + le(UInt64.max))
        let interface = block(1, le16(1) + le16(0) + le(UInt32(65535)))
        let isbs = statistics.map { block(5, le(UInt32(0)) + le(UInt32(0)) + le(UInt32(0)) + $0 + le16(0) + le16(0)) }
        let path = NSTemporaryDirectory() + "isb-\(UUID().uuidString).pcapng"
        try Data(header + interface + isbs.flatMap { $0 }).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("the last statistics block's ifdrop + osdrop is the count; none given is nil, not 0")
    func dropCounts() throws {
        let lossy = try Self.write([Self.option(5, 1) + Self.option(7, 1), Self.option(5, 3) + Self.option(7, 4)])
        defer { try? FileManager.default.removeItem(atPath: lossy) }
        let file = try CaptureFile(path: lossy)
        _ = try file.forEach { _ in }
        #expect(file.droppedFrames == 7)

        let silent = try Self.write([Self.option(4, 10)])  // isb_ifrecv only
        defer { try? FileManager.default.removeItem(atPath: silent) }
        let quiet = try CaptureFile(path: silent)
        _ = try quiet.forEach { _ in }
        #expect(quiet.droppedFrames == nil)
    }
}
