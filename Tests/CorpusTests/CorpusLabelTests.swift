import Corpus
import Foundation
import Testing

@Suite struct CorpusLabelTests {
    @Test("a labels line parses into its six columns")
    func parses() throws {
        let label = try CorpusLabel(
            parsing: "Aria | 20:F8:5E:CA:91:52 | Fitbit Aria | iot | smart_home | corpus README",
            file: "x.labels",
            line: 3
        )
        #expect(label.device == "Aria")
        #expect(label.mac == "20:f8:5e:ca:91:52")
        #expect(label.category == .iot)
        #expect(label.homeNet == .smartHome)
    }

    /// Each bad line, and the words its error must carry: the file and line, what is wrong, the fix.
    static let bad: [(line: String, message: String, fix: String)] = [
        (
            "Aria | 20:f8:5e:ca:91:52 | scale | iot", "4 columns, expected 6",
            "device | mac | model | category | homenet | source"
        ),
        (
            "Aria | 20:f8:5e:ca:91 | scale | iot | smart_home | x", "'20:f8:5e:ca:91' is not a MAC address",
            "aa:bb:cc:dd:ee:ff"
        ),
        ("Aria | 20:f8:5e:ca:91:52 | scale | scale | smart_home | x", "'scale' is not one of our categories", "iot"),
        ("Aria | 20:f8:5e:ca:91:52 | scale | iot | iot | x", "'iot' is not one of HomeNet's categories", "smart_home"),
        ("Aria | 20:f8:5e:ca:91:52 |  | iot | smart_home | x", "the model column is empty", "fill in the model column"),
    ]

    @Test("a bad line names the file and line, what is wrong and the fix", arguments: 0..<bad.count)
    func badLine(index: Int) throws {
        let (line, message, fix) = Self.bad[index]
        let path = NSTemporaryDirectory() + "labels-\(UUID().uuidString).labels"
        try "# device | mac | model | category | homenet | source\n\n\(line)\n".write(
            toFile: path,
            atomically: true,
            encoding: .utf8
        )
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try CorpusLabel.load(path: path)
            Issue.record("\(line) was accepted")
        } catch {
            #expect(error.message.hasPrefix("\(path):3: "), "\(error)")
            #expect(error.message.contains(message), "\(error)")
            #expect(error.fix.contains(fix), "\(error)")
        }
    }

    @Test("a device labelled twice and a file with no device are errors")
    func wholeFile() throws {
        let path = NSTemporaryDirectory() + "labels-\(UUID().uuidString).labels"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let line = "Aria | 20:f8:5e:ca:91:52 | scale | iot | smart_home | x"
        try "\(line)\n\(line)\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: CorpusError.self) { try CorpusLabel.load(path: path) }
        do { _ = try CorpusLabel.load(path: path) } catch {
            #expect(error.message == "\(path):2: device 'Aria' was already labelled on line 1")
        }
        try "# nothing\n".write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try CorpusLabel.load(path: path)
            Issue.record("an empty labels file was accepted")
        } catch {
            #expect(error.message == "\(path) labels no device")
        }
    }

    @Test("the committed labels file loads: 31 devices, six cameras")
    func committedFile() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("reports/classify-corpus/iot-sentinel.labels").path
        let labels = try CorpusLabel.load(path: path)
        #expect(labels.count == 31)
        #expect(labels.filter { $0.category == .camera }.count == 6)
    }
}
