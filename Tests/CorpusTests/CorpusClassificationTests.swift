import Corpus
import Foundation
import SyntheticFrames
import Testing

/// The whole command's path on the crafted capture: files attributed to devices by directory, both
/// classifiers run, the tallies counted.
@Suite struct CorpusClassificationTests {
    @Test("a device's captures are found by directory and both classifiers are tallied per category")
    func tallies() throws {
        let directory = NSTemporaryDirectory() + "corpus-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/Bridge", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let crafted = try AnnouncementReaderTests.capture()
        let path = directory + "/Bridge/Setup-A-1-STA.pcap"
        try FileManager.default.moveItem(atPath: crafted, toPath: path)
        let mac = SyntheticLAN.mac(AnnouncementReaderTests.device).description
        let labels = [
            try CorpusLabel(parsing: "Bridge | \(mac) | a bridge | iot | smart_home | test", file: "t", line: 1),
            try CorpusLabel(
                parsing: "Camera | 02:00:00:00:00:99 | a camera | camera | smart_home | test",
                file: "t",
                line: 2
            ),
        ]
        let result = try CorpusClassification(labels: labels, captures: [path, "/elsewhere/x.pcap"], hostNames: .mdns)
        #expect(result.devices.map(\.label.device) == ["Bridge"])
        #expect(result.labelledWithoutCaptures == ["Camera"])
        #expect(result.unmatchedCaptures == ["/elsewhere/x.pcap"])
        let device = try #require(result.devices.first)
        // HAP ci=2 is a bridge (`IdentityVocabulary.hapCategories`): ours iot by txt-category; HomeNet's
        // reads the _hap._tcp type (002:161).
        #expect(device.ours.category == .iot)
        #expect(device.ours.rule == "txt-category")
        #expect(device.homeNet.category == .smartHome)
        #expect(result.ours.map(\.category) == ["iot", "all"])
        #expect(result.ours.last.map { [$0.devices, $0.given, $0.correct] } == [1, 1, 1])
        #expect(result.homeNet.last?.precision == 1)
    }

    @Test("no capture in a labelled device's directory is an error with the fix")
    func noMatch() throws {
        let labels = [
            try CorpusLabel(parsing: "Bridge | 02:00:00:00:00:0a | b | iot | smart_home | t", file: "t", line: 1)
        ]
        #expect(throws: CorpusError.self) {
            try CorpusClassification(labels: labels, captures: ["/tmp/Other/x.pcap"], hostNames: .mdns)
        }
    }
}
