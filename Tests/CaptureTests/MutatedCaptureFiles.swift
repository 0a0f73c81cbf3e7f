import Foundation
@testable import CaptureFiles
@testable import CaptureAnalysis

/// Random damage to a valid capture file, for the readers' never-crash tests: 1–4 bytes
/// overwritten, and in one file of four the tail cut off. (The long run is `scripts/fuzz`.)
enum MutatedCaptureFiles {
    struct Outcomes: CustomStringConvertible {
        /// Read to the end, damaged (packets before it analysed), refused with a typed error.
        var read = 0, damaged = 0, refused = 0

        /// Whether every outcome happened at least once.
        var sawEach: Bool { read > 0 && damaged > 0 && refused > 0 }
        var description: String { "read \(read), damaged \(damaged), refused \(refused)" }
    }

    /// Analyses `count` mutations of `original` with `analyze(captureFile:process:)`; a trap or
    /// an untyped error fails the calling test.
    static func analyze(
        _ original: [UInt8],
        suffix: String,
        seed: UInt64,
        count: Int = 1_000,
        process: String? = nil
    ) throws -> Outcomes {
        var seed = seed
        func next() -> UInt64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return seed >> 33 }
        let path = PcapFileTests.temporaryPath(suffix)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var outcomes = Outcomes()
        for _ in 0..<count {
            var bytes = original
            for _ in 0..<(1 + Int(next() % 4)) {
                bytes[Int(next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: next())
            }
            if next() % 4 == 0 { bytes.removeLast(Int(next() % UInt64(bytes.count - 4))) }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            do {
                let analysis = try WireAnalyzer.analyze(captureFile: path, process: process)
                if analysis.captureFile?.damage != nil { outcomes.damaged += 1 } else { outcomes.read += 1 }
            } catch is CaptureError {
                outcomes.refused += 1
            }
        }
        return outcomes
    }
}
