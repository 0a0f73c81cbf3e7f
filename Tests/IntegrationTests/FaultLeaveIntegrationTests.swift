import Foundation
import Testbed
import Testing

/// A `leave` fault on the wire, seen from the scanner namespace with iputils ping: the device
/// answers no echo sent inside the window the testbed published in `path-events.json`, and
/// answers before and after it; a device without the fault answers throughout.
@Suite("Faults: leave", .tags(.integration), .serialized)
struct FaultLeaveIntegrationTests {
    static let fixture = "\(ScanBenchCLI.packageRoot)/Tests/IntegrationTests/Fixtures/leave.yaml"

    /// Each reply's send time (Unix seconds: `ping -D`'s stamp minus the RTT).
    static func sentTimes(_ text: String) -> [Double] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("["), let timeRange = line.range(of: "time="),
                let stamp = Double(line.dropFirst().prefix { $0 != "]" }),
                let rtt = Double(line[timeRange.upperBound...].split(separator: " ")[0])
            else { return nil }
            return stamp - rtt / 1_000
        }
    }

    @Test("a device that leaves from 10 s to 14 s answers no echo in its published window, and answers around it")
    func leaverIsSilentInItsWindow() throws {
        let testbed = try LiveTestbed.up(Self.fixture)
        defer { testbed.down() }
        // Permanent neighbour entries: every echo goes on the wire (no ARP queueing while away).
        try testbed.shell(
            """
            ip neigh replace 198.18.0.20 lladdr 02:5b:00:00:00:14 dev eth0 nud permanent && \
            ip neigh replace 198.18.0.22 lladdr 02:5b:00:00:00:16 dev eth0 nud permanent
            """
        )
        let script = """
            out=$(mktemp -d); trap 'rm -rf "$out"' EXIT; \
            ping -n -D -i 0.1 -c 160 -W 1 198.18.0.20 > "$out/leaver" & \
            ping -n -D -i 0.2 -c 80 -W 1 198.18.0.22 > "$out/plain" & \
            wait; for f in leaver plain; do echo "== $f"; cat "$out/$f"; done
            """
        let started = Date().timeIntervalSince1970
        let output = try testbed.shell(script, timeout: 45).stdout
        let sections = Dictionary(
            uniqueKeysWithValues: output.components(separatedBy: "== ").dropFirst().map { chunk -> (String, String) in
                let name = String(chunk.prefix { $0 != "\n" })
                return (name, String(chunk.dropFirst(name.count)))
            }
        )
        // The publisher writes every 250 ms.
        usleep(600_000)
        let events = PathEventRecord.load(testbed: testbed.id) ?? []
        let leave = try #require(
            events.first { $0.kind == "leave" && $0.port == "leaver" },
            "no leave for leaver in path-events.json: \(events)"
        )
        #expect(abs(leave.endSeconds - leave.startSeconds - 4) < 0.001 && abs(leave.startSeconds - 10) < 0.001)
        let replies = Self.sentTimes(sections["leaver"] ?? "")
        // 50 ms guard at each edge: the switch decides when the frame arrives, not when ping stamps it.
        let inside = replies.filter { $0 > leave.startUnix + 0.05 && $0 < leave.endUnix - 0.05 }
        let before = replies.filter { $0 < leave.startUnix - 0.05 }
        let after = replies.filter { $0 > leave.endUnix + 0.05 }
        let plain = Self.sentTimes(sections["plain"] ?? "")
        print(
            "leave: window \(String(format: "%.2f", leave.startUnix - started))-\(String(format: "%.2f", leave.endUnix - started)) s after ping began; leaver answered \(before.count) echoes before, \(inside.count) inside, \(after.count) after (160 sent, 0.1 s apart); plain answered \(plain.count) of 80"
        )
        #expect(inside.isEmpty, "answered \(inside.count) echoes sent while away")
        #expect(
            leave.startUnix > started + 0.5 && leave.endUnix < started + 15.5,
            "the window is not inside the 16 s of echoes"
        )
        #expect(before.count >= 3 && after.count >= 10, "before \(before.count), after \(after.count)")
        #expect(plain.count >= 76, "the device without the fault answered \(plain.count) of 80")
    }
}
