import Foundation
import Testing

/// docs/REPORTS.md's error-rate tables are the committed output of `scripts/gate-error-rates`
/// (reports/gate-calibration/), never typed by hand: each marked block holds its file verbatim.
@Suite("gate calibration in the docs")
struct GateCalibrationDocTests {
    @Test("every gate-error-rates block of docs/REPORTS.md is its committed file, and every file has its block")
    func blocksAreTheCommittedOutput() throws {
        let root = ComparisonTests.packageRoot
        let doc = try String(contentsOfFile: "\(root)/docs/REPORTS.md", encoding: .utf8)
        let names = ["ci-plan.md", "main-job.md"]
        for name in names {
            let begin = "<!-- BEGIN gate-error-rates: \(name) -->\n", end = "<!-- END gate-error-rates: \(name) -->"
            let parts = doc.components(separatedBy: begin)
            try #require(parts.count == 2, "docs/REPORTS.md has no block for \(name)")
            let block = try #require(parts[1].components(separatedBy: end).first)
            let file = try String(contentsOfFile: "\(root)/reports/gate-calibration/\(name)", encoding: .utf8)
            #expect(
                block == file,
                "docs/REPORTS.md's \(name) block differs from reports/gate-calibration/\(name): run the command in reports/gate-calibration/README.md with --doc docs/REPORTS.md"
            )
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: "\(root)/reports/gate-calibration").filter {
            $0.hasSuffix(".md") && $0 != "README.md"
        }
        #expect(
            Set(files) == Set(names),
            "a calibration table without a block in docs/REPORTS.md, or the other way round"
        )
    }
}
