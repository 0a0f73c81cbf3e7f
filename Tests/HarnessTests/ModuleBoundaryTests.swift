import Foundation
import Testing

/// The system under test stays blind and platform-clean: ScanKit, AppSession, NetTools, the app's
/// program (ScanBenchApp) and the contract it shares with the harness (AppContract) import nothing
/// that knows a testbed or a fixture (what the app links is `AppBinaryTests`'); the fixture model
/// stays apart from the runtime that serves it; the gate decides and the report renders, each
/// without the other's job (docs/ARCHITECTURE.md). Read from the sources, so a
/// new import anywhere in those modules fails here before it fails a review.
@Suite("Module boundaries")
struct ModuleBoundaryTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// Every `import X` line of the Swift files under `Sources/module`, as (file, imported module).
    static func imports(of module: String) throws -> [(file: String, module: String)] {
        let root = sources.appendingPathComponent(module)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var found: [(String, String)] = []
        for case let path as String in walker where path.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root.appendingPathComponent(path).path, encoding: .utf8)
            for line in text.split(separator: "\n") {
                // `import X`, `@testable import X`, `@preconcurrency import X`, `@_exported import X`.
                let words = line.split(separator: " ")
                guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
                    words[..<at].allSatisfy({ $0.hasPrefix("@") })
                else { continue }
                found.append(("\(module)/\(path)", String(words[at + 1])))
            }
        }
        return found
    }

    @Test(
        "the system under test imports no fixture, testbed, harness or capture module, nor the testbed's C",
        arguments: ["ScanKit", "AppSession", "NetTools", "ScanBenchApp", "AppContract", "AppInputs"]
    )
    func blind(module: String) throws {
        let all = try Self.imports(of: module)
        #expect(!all.isEmpty, "no Swift files found under Sources/\(module)")
        let forbidden: Set = [
            "Testbed", "Fixture", "Harness", "CaptureFiles", "CaptureLive", "CaptureAnalysis", "CTestbedShims",
            "TestbedPlatform", "Report", "Gate", "Results",
            "Inventory", "Twin", "Corpus",
        ]
        let bad = all.filter { forbidden.contains($0.module) }
        #expect(bad.isEmpty, "\(bad.map { "\($0.file) imports \($0.module)" })")
    }

    /// The fixture model is data and rules: it reads and writes YAML and addresses, and knows no
    /// namespace, socket, process or capture, so Inventory, Twin and the docs can use it without
    /// the runtime.
    @Test("the fixture model imports only Wire, StrictYAML, Fixable, Identity (the public tables) and Foundation")
    func fixtureIsModelOnly() throws {
        let all = try Self.imports(of: "Fixture")
        #expect(!all.isEmpty, "no Swift files found under Sources/Fixture")
        let allowed: Set = ["Wire", "StrictYAML", "Fixable", "Identity", "Foundation"]
        let bad = all.filter { !allowed.contains($0.module) }
        #expect(bad.isEmpty, "\(bad.map { "\($0.file) imports \($0.module)" })")
    }

    /// Reading and writing fixtures needs the model, not the runtime: Inventory and Twin never
    /// import Testbed.
    @Test("the fixture's readers and writers do not import the testbed runtime", arguments: ["Inventory", "Twin"])
    func noRuntime(module: String) throws {
        let all = try Self.imports(of: module)
        #expect(!all.isEmpty, "no Swift files found under Sources/\(module)")
        let bad = all.filter { $0.module == "Testbed" }
        #expect(bad.isEmpty, "\(bad.map { "\($0.file) imports \($0.module)" })")
    }

    @Test("the app-harness contract knows no scanner: AppContract imports no system-under-test module")
    func contractStandsAlone() throws {
        let bad = try Self.imports(of: "AppContract").filter {
            ["ScanKit", "AppSession", "NetTools", "StrictYAML"].contains($0.module)
        }
        #expect(bad.isEmpty, "\(bad.map { "\($0.file) imports \($0.module)" })")
    }

    /// The measurer reads the app's inputs (AppInputs) and outputs (AppContract) without linking
    /// the scanner: what the harness measures is the separate `scanbench-app` process, never code
    /// it shares a module with.
    @Test("the harness imports no system-under-test module")
    func measurerIsApart() throws {
        let all = try Self.imports(of: "Harness")
        #expect(!all.isEmpty, "no Swift files found under Sources/Harness")
        let bad = all.filter { ["ScanKit", "AppSession", "NetTools", "ScanBenchApp"].contains($0.module) }
        #expect(bad.isEmpty, "\(bad.map { "\($0.file) imports \($0.module)" })")
    }

    /// The app's inputs are data and rules, like the fixture model: the strategy, profile and
    /// session script read and checked with nothing of the scanner or the testbed.
    @Test("the app's inputs import only the contract, Wire, StrictYAML, Fixable and Foundation")
    func inputsAreModelOnly() throws {
        let all = try Self.imports(of: "AppInputs")
        #expect(!all.isEmpty, "no Swift files found under Sources/AppInputs")
        let allowed: Set = ["AppContract", "Wire", "StrictYAML", "Fixable", "Foundation"]
        let bad = all.filter { !allowed.contains($0.module) }
        #expect(bad.isEmpty, "\(bad.map { "\($0.file) imports \($0.module)" })")
    }

    /// The capture layer reads frames and analyses them; results.json's schema is filled from its
    /// analysis in the join (`RunMetrics.WireCounters(analysis:)` in Harness), so no capture module
    /// knows an output.
    @Test(
        "the capture layer imports no results, report or harness module",
        arguments: ["CaptureFiles", "CaptureLive", "CaptureAnalysis"]
    )
    func captureKnowsNoSchema(module: String) throws {
        let all = try Self.imports(of: module)
        #expect(!all.isEmpty, "no Swift files found under Sources/\(module)")
        let bad = all.filter { ["Results", "Report", "Gate", "Harness", "Inventory", "Twin"].contains($0.module) }
        #expect(bad.isEmpty, "\(bad.map { "\($0.file) imports \($0.module)" })")
    }

    /// Files in, figures out: the analysis and everything that only reads captures (Inventory, Twin,
    /// Fuzzing) need no live capture, and the analysis no libpcap at all.
    @Test(
        "only the harness and the CLI capture live",
        arguments: ["CaptureFiles", "CaptureAnalysis", "Inventory", "Twin", "Corpus", "Fuzzing"]
    )
    func readersDoNotCaptureLive(module: String) throws {
        let all = try Self.imports(of: module)
        #expect(!all.isEmpty, "no Swift files found under Sources/\(module)")
        let forbidden: Set = module == "CaptureAnalysis" ? ["CaptureLive", "CPcap"] : ["CaptureLive"]
        let bad = all.filter { forbidden.contains($0.module) }
        #expect(bad.isEmpty, "\(bad.map { "\($0.file) imports \($0.module)" })")
    }

    /// The regression gate decides — pairs the runs, tests them, says the verdict and its exit
    /// status, checks the baseline's inputs — from results.json and the statistics alone. It renders
    /// nothing: the Markdown of a comparison is Report's, so a change to how a report reads cannot
    /// change what CI acts on.
    @Test("the gate imports only the results schema, the statistics, Fixable and Foundation: no rendering")
    func gateRendersNothing() throws {
        let all = try Self.imports(of: "Gate")
        #expect(!all.isEmpty, "no Swift files found under Sources/Gate")
        let allowed: Set = ["Results", "Statistics", "Fixable", "StrictYAML", "Foundation"]
        let bad = all.filter { !allowed.contains($0.module) }
        #expect(bad.isEmpty, "\(bad.map { "\($0.file) imports \($0.module)" })")
    }

    /// The statistics are numbers in, numbers out: a test, an effect size, a correction, a summary
    /// of a sample. They know no results schema, so the gate and the report's analyses share them
    /// without sharing anything else.
    @Test("the statistics import only OrderStatistics and Foundation")
    func statisticsArePure() throws {
        let all = try Self.imports(of: "Statistics")
        #expect(!all.isEmpty, "no Swift files found under Sources/Statistics")
        let allowed: Set = ["OrderStatistics", "Foundation"]
        let bad = all.filter { !allowed.contains($0.module) }
        #expect(bad.isEmpty, "\(bad.map { "\($0.file) imports \($0.module)" })")
    }

    /// The report renders what the gate decided (`Comparison.markdown`, in Report/Compare/) and
    /// nothing else of it: no section of report.md reads the gate's types, so what report.md shows
    /// of a results file cannot depend on how the gate judges one.
    @Test("only the report's comparison files (Report/Compare/) import the gate")
    func reportReadsTheGateOnlyToRenderIt() throws {
        let all = try Self.imports(of: "Report")
        #expect(!all.isEmpty, "no Swift files found under Sources/Report")
        let bad = all.filter { $0.module == "Gate" && !$0.file.hasPrefix("Report/Compare/") }
        #expect(bad.isEmpty, "\(bad.map { "\($0.file) imports \($0.module)" })")
    }
}
