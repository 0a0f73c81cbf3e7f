import Foundation
import Testing
import TestbedPlatform

/// A testbed brought up for a test suite through the real CLI (`testbed up --detach`), with its
/// ground truth read back from `testbed status --json`.
struct LiveTestbed: Sendable {
    let id: String
    /// `testbed status --json` output.
    let truthJSON: Data
    let scannerNamespace: String

    /// Brings `fixture` up under a fresh id.
    static func up(_ fixture: String, extra: [String] = []) throws -> LiveTestbed {
        let id = "t" + String(format: "%04x", UInt16.random(in: 0...UInt16.max))
        let up = try ScanBenchCLI.scanbench(["testbed", "up", fixture, "--detach", "--id", id] + extra)
        guard up.status == 0 else {
            throw LiveTestbedError(message: "testbed up \(fixture) failed (\(up.status)): \(up.stderr)\(up.stdout)")
        }
        let status = try ScanBenchCLI.scanbench(["testbed", "status", "--json", "--id", id])
        guard status.status == 0,
            let object = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
        else {
            throw LiveTestbedError(message: "status --json failed: \(status.stderr)")
        }
        let scanner = object["scanner"] as? [String: Any]
        return LiveTestbed(
            id: id,
            truthJSON: Data(status.stdout.utf8),
            scannerNamespace: scanner?["namespace"] as? String ?? ""
        )
    }

    func down() {
        _ = try? ScanBenchCLI.scanbench(["testbed", "down", "--id", id])
    }

    /// The ground truth's device entries.
    var truth: [String: Any] { (try? JSONSerialization.jsonObject(with: truthJSON)) as? [String: Any] ?? [:] }
    var devices: [[String: Any]] { truth["devices"] as? [[String: Any]] ?? [] }

    /// Runs a command in the scanner namespace.
    @discardableResult
    func exec(_ arguments: [String], timeout: Double = 120) throws -> ScanBenchCLI.Output {
        try ScanBenchCLI.run(NetworkNamespace(scannerNamespace).command(arguments), timeout: timeout)
    }

    /// Runs a shell snippet in the scanner namespace.
    @discardableResult
    func shell(_ script: String, timeout: Double = 120) throws -> ScanBenchCLI.Output {
        try exec(["sh", "-c", script], timeout: timeout)
    }
}

struct LiveTestbedError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Parses iputils ping's per-echo lines ("64 bytes from …: icmp_seq=3 ttl=64 time=40.3 ms").
enum PingOutput {
    static func rtts(_ text: String) -> [Double] {
        text.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "time=") else { return nil }
            return Double(line[range.upperBound...].split(separator: " ")[0])
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

extension Tag {
    /// Needs root and network namespaces; runs in CI too.
    @Tag static var integration: Self
}

/// Integration tests beyond `scripts/test`'s 25 minutes on 2 cores: a whole experiment (prediction on
/// a real-daemon LAN, a 90 s survey), a kill-and-resume, the gate's wrapper (the gate job runs the real
/// thing), and the other apps' and the phone's mechanisms. They run with `SCANBENCH_LONG_TESTS=1`, as
/// the workflow's `long-tests` job runs them (its filter lists these suites).
enum LongTests {
    static let enabled = ProcessInfo.processInfo.environment["SCANBENCH_LONG_TESTS"] == "1"
    static let reason = "beyond the 25-minute suite: set SCANBENCH_LONG_TESTS=1 (the workflow's long-tests job does)"
}
