@testable import Fixture
import Foundation
import Testing
import StrictYAML

/// A fixture with a mistake is refused with the file, the line of the mistake and a fix that says
/// what to write instead.
@Suite("Fixture errors")
struct FixtureErrorTests {
    static let file = "broken.yaml"

    /// A valid fixture; each test breaks one line of it.
    static let valid = """
        name: errors
        network:
          subnet: 198.18.0.0/24
          gateway: 198.18.0.1
          scanner: {ip: 198.18.0.50, mac: "02:00:00:00:00:32"}
        devices:
          - name: gateway
            ip: 198.18.0.1
            mac: "02:00:00:00:00:01"
            category: router
            tcp:
              open: [53, 80]
            http:
              - {port: 80, title: Router}
          - name: laptop
            ip: 198.18.0.20
            mac: "02:00:00:00:00:14"
            category: computer
            link: {delay_ms: 5, jitter_ms: 1, loss_percent: 1}
            tcp:
              open: [22]
              filtered: [23]
              default: closed
        """

    /// `valid` with the first line equal to `line` (after indentation) replaced by `replacement`.
    static func replacing(_ line: String, with replacement: String, in text: String = valid) -> String {
        var lines = text.components(separatedBy: "\n")
        let index = lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == line }!
        let indent = lines[index].prefix { $0 == " " }
        lines[index] = indent + replacement
        return lines.joined(separator: "\n")
    }

    /// 1-based number of the first line of `text` containing `fragment`.
    static func lineNumber(of fragment: String, in text: String) -> Int {
        text.components(separatedBy: "\n").firstIndex { $0.contains(fragment) }! + 1
    }

    /// Loads `text` and checks the refusal: file, line, message and fix.
    static func expectRefusal(
        _ text: String,
        line: Int,
        message: [String],
        fix: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            _ = try FixtureLoader.load(text: text, file: file)
            Issue.record("the fixture was accepted", sourceLocation: sourceLocation)
        } catch let error as YAMLInputError {
            #expect(error.file == file, "\(error)", sourceLocation: sourceLocation)
            #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
            for fragment in message {
                #expect(
                    error.message.contains(fragment),
                    "message lacks '\(fragment)': \(error)",
                    sourceLocation: sourceLocation
                )
            }
            for fragment in fix {
                #expect(
                    error.fix.contains(fragment),
                    "fix lacks '\(fragment)': \(error)",
                    sourceLocation: sourceLocation
                )
            }
        } catch {
            Issue.record("not a YAMLInputError: \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func theBaseFixtureIsValid() throws {
        let fixture = try FixtureLoader.load(text: Self.valid, file: Self.file)
        #expect(fixture.devices.count == 2)
    }

    @Test func addressOutsideTheBenchmarkRangeIsRefused() {
        let text = Self.valid.replacingOccurrences(of: "198.18.0.", with: "192.168.1.")
        Self.expectRefusal(
            text,
            line: 3,
            message: ["192.168.1.0/24", "outside 198.18.0.0/15"],
            fix: ["198.18.0.0/15", "allow_non_benchmark_addresses: true"]
        )
    }

    @Test func addressOutsideTheBenchmarkRangeIsAcceptedOnRequest() throws {
        let text =
            "allow_non_benchmark_addresses: true\n"
            + Self.valid.replacingOccurrences(of: "198.18.0.", with: "192.168.1.")
        let fixture = try FixtureLoader.load(text: text, file: Self.file)
        #expect(fixture.network.gateway.description == "192.168.1.1")
    }

    @Test func upstreamOutsideTheBenchmarkRangeIsRefused() {
        let text = Self.valid.replacingOccurrences(
            of: "devices:\n",
            with: """
                upstream:
                  segment: 10.20.0.0/24
                  servers: []
                devices:

                """
        )
        Self.expectRefusal(
            text,
            line: Self.lineNumber(of: "segment: 10.20.0.0/24", in: text),
            message: ["10.20.0.0/24", "outside 198.18.0.0/15"],
            fix: ["198.18.0.0/15", "allow_non_benchmark_addresses"]
        )
    }

    @Test func duplicateIPIsRefused() {
        let text = Self.replacing("ip: 198.18.0.20", with: "ip: 198.18.0.1")
        Self.expectRefusal(text, line: 16, message: ["198.18.0.1", "already used", "gateway"], fix: ["own address"])
    }

    @Test func scannerAddressIsTakenToo() {
        let text = Self.replacing("ip: 198.18.0.20", with: "ip: 198.18.0.50")
        Self.expectRefusal(text, line: 16, message: ["198.18.0.50", "scanner"], fix: ["own address"])
    }

    @Test func duplicateNameIsRefused() {
        let text = Self.replacing("- name: laptop", with: "- name: gateway")
        Self.expectRefusal(text, line: 15, message: ["'gateway'", "used twice"], fix: ["own name"])
    }

    @Test func portOutOfRangeIsRefused() {
        let text = Self.replacing("open: [22]", with: "open: [22, 70000]")
        Self.expectRefusal(text, line: 21, message: ["70000", "out of range"], fix: ["1 to 65535"])
    }

    @Test func portBothOpenAndFilteredIsRefused() {
        let text = Self.replacing("filtered: [23]", with: "filtered: [23, 22]")
        Self.expectRefusal(text, line: 22, message: ["22", "open", "filtered"], fix: ["one list"])
    }

    @Test func httpPortNotOpenIsRefused() {
        let text = Self.replacing("- {port: 80, title: Router}", with: "- {port: 8080, title: Router}")
        Self.expectRefusal(text, line: 14, message: ["8080", "tcp.open"], fix: ["add 8080", "tcp.open"])
    }

    @Test func badMACIsRefused() {
        let text = Self.replacing(#"mac: "02:00:00:00:00:14""#, with: #"mac: "02:00:00:00:14""#)
        Self.expectRefusal(text, line: 17, message: ["02:00:00:00:14", "not a MAC address"], fix: ["six hex pairs"])
    }

    @Test func multicastMACIsRefused() {
        let text = Self.replacing(#"mac: "02:00:00:00:00:14""#, with: #"mac: "01:00:5e:00:00:14""#)
        Self.expectRefusal(text, line: 17, message: ["not a unicast MAC"], fix: ["first octet is even"])
    }

    @Test func badCategoryIsRefused() {
        let text = Self.replacing("category: computer", with: "category: laptop")
        Self.expectRefusal(text, line: 18, message: ["laptop"], fix: ["router", "computer", "storage"])
    }

    @Test func portListedTwiceInOneListIsRefused() {
        let text = Self.replacing("open: [22]", with: "open: [22, 22]")
        Self.expectRefusal(text, line: 21, message: ["listed twice in open"], fix: ["once"])
    }

    @Test func duplicateHostnameIsRefused() {
        var text = Self.replacing("category: router", with: "category: router\n    hostname: box")
        text = Self.replacing("category: computer", with: "category: computer\n    hostname: Box", in: text)
        Self.expectRefusal(
            text,
            line: Self.lineNumber(of: "hostname: Box", in: text),
            message: ["box", "gateway"],
            fix: ["own host name"]
        )
    }

    @Test func mdnsServiceOnPortZeroIsAccepted() throws {
        let text = Self.replacing(
            "category: computer",
            with:
                "category: computer\n    mdns: [{type: _device-info._tcp, instance: Laptop, port: 0, txt: {model: MacBookPro18.1}}]"
        )
        let fixture = try FixtureLoader.load(text: text, file: Self.file)
        #expect(fixture.devices[1].mdns?.first?.port == 0)
    }

    static let schemaOrValues = "docs/FIXTURES.md"

    @Test func yamlSyntaxErrorIsRefused() {
        let text = Self.replacing("category: computer", with: "category: computer: desktop")
        Self.expectRefusal(text, line: 18, message: ["YAML syntax"], fix: ["indentation", "quoting"])
    }

    @Test func tabIndentationIsRefused() {
        let text = Self.replacing("default: closed", with: "\tdefault: closed")
        Self.expectRefusal(text, line: 23, message: ["YAML syntax"], fix: ["spaces, not tabs"])
    }

    @Test func missingRequiredKeyIsRefused() {
        var lines = Self.valid.components(separatedBy: "\n")
        lines.removeAll { $0.contains(#"mac: "02:00:00:00:00:14""#) }
        let text = lines.joined(separator: "\n")
        // The key is absent, so the error points at the device that lacks it (its first line).
        Self.expectRefusal(text, line: 15, message: ["missing required key 'mac'"], fix: ["add 'mac:'"])
    }

    @Test func jitterAboveDelayIsRefused() {
        let text = Self.replacing(
            "link: {delay_ms: 5, jitter_ms: 1, loss_percent: 1}",
            with: "link: {delay_ms: 5, jitter_ms: 8}"
        )
        Self.expectRefusal(text, line: 19, message: ["jitter_ms 8", "delay_ms"], fix: ["at most delay_ms", "5"])
    }

    @Test func lossAboveHundredPercentIsRefused() {
        let text = Self.replacing(
            "link: {delay_ms: 5, jitter_ms: 1, loss_percent: 1}",
            with: "link: {delay_ms: 5, loss_percent: 150}"
        )
        Self.expectRefusal(text, line: 19, message: ["loss_percent 150"], fix: ["0 to 100"])
    }

    @Test func wrongTypeIsRefused() {
        let text = Self.replacing("link: {delay_ms: 5, jitter_ms: 1, loss_percent: 1}", with: "link: {delay_ms: fast}")
        Self.expectRefusal(text, line: 19, message: ["expected a number"], fix: ["write a number"])
    }

    @Test func gatewayWithoutDeviceIsRefused() {
        let text = Self.replacing("gateway: 198.18.0.1", with: "gateway: 198.18.0.254")
        Self.expectRefusal(text, line: 4, message: ["198.18.0.254"], fix: ["add a device", "category router"])
    }

    @Test func errorsInAFileNameThatFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scanbench-fixture-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("lan.yaml").path
        try Self.replacing("filtered: [23]", with: "filtered: [23, 22]").write(
            toFile: path,
            atomically: true,
            encoding: .utf8
        )
        #expect {
            try FixtureLoader.load(path)
        } throws: { error in
            guard let error = error as? YAMLInputError else { return false }
            return error.file == path && error.line == 22 && error.description.hasPrefix("\(path):22:")
        }
    }
}
