import Foundation
import Harness
import Spawn
import Testing

/// The app under test is its own program, `scanbench-app`, and blindness is a link-time fact: its
/// target's dependency closure in Package.swift holds no testbed, capture, harness or report module,
/// and the built binary loads no libpcap and carries none of their symbols. The harness's fold of
/// the events (`EventTally`) lives in the contract both sides import, not in the scanner.
@Suite("The app's own program")
struct AppBinaryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Modules the app must not link: they know the fixture, the testbed, the capture, the harness or the report.
    static let forbidden: Set = [
        "Fixture", "Testbed", "TestbedPlatform", "CTestbedShims", "CaptureFiles", "CaptureLive", "CaptureAnalysis",
        "CPcap", "Harness", "Report", "Results",
        "Inventory", "Twin", "Fuzzing", "scanbench",
    ]

    /// The built app: beside `$SCANBENCH_BIN` when set (as the harness finds it), else the debug build's.
    static var binary: String {
        let scanbench = ProcessInfo.processInfo.environment["SCANBENCH_BIN"] ?? root.path + "/.build/debug/scanbench"
        return URL(fileURLWithPath: scanbench).deletingLastPathComponent().appendingPathComponent("scanbench-app").path
    }

    static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    @Test(
        "the app's target depends, through every target it reaches in Package.swift, on the system under test and the platform layer only"
    )
    func manifestClosure() throws {
        let targets = try PackageTargets(
            manifest: String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        )
        let closure = try targets.closure(of: "ScanBenchApp")
        #expect(
            closure.isSuperset(of: ["AppContract", "AppSession", "ScanKit", "NetTools", "Platform"]),
            "\(closure.sorted())"
        )
        #expect(
            closure.isDisjoint(with: Self.forbidden),
            "the app links \(closure.intersection(Self.forbidden).sorted())"
        )
        // The manifest reader itself: the harness's closure does reach the testbed and libpcap.
        #expect(try targets.closure(of: "Harness").isSuperset(of: ["Testbed", "CaptureLive", "CPcap"]))
    }

    @Test(
        "the built app loads no libpcap and carries no testbed, capture, harness or report symbol",
        .enabled(if: isBuilt, "build every product first (swift build)")
    )
    func linkedBinary() throws {
        let ldd = try ChildProcess.run(["ldd", Self.binary], timeout: 30)
        #expect(ldd.status == 0, "\(ldd.stderr)")
        #expect(!ldd.stdout.contains("libpcap"), "\(ldd.stdout)")
        let nm = try ChildProcess.run(["nm", "--defined-only", Self.binary], timeout: 60)
        #expect(nm.status == 0, "\(nm.stderr)")
        // Swift symbols start with the mangled module name: `$s11CaptureLive…` is CaptureLive's.
        let modules = Self.forbidden.subtracting(["CPcap", "CTestbedShims"]).map { "$s\($0.utf8.count)\($0)" }
        let found = nm.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let symbol = line.split(separator: " ").last else { return nil }
            return modules.first { symbol.hasPrefix($0) }
        }
        #expect(found.isEmpty, "symbols of \(Set(found).sorted())")
        #expect(nm.stdout.contains("$s11AppContract"), "no AppContract symbols: is \(Self.binary) the app?")
    }

    @Test("a scanbench with no scanbench-app beside it is refused with the command that builds it")
    func missingApp() throws {
        let directory = NSTemporaryDirectory() + "no-app-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let error = try #require(throws: HarnessError.self) {
            try AppExecutable.locate(beside: directory + "/scanbench")
        }
        #expect(error.message.contains(directory + "/scanbench-app"))
        #expect(error.fix.contains("swift build"))
        // Beside a scanbench that has one, it is found.
        #expect(
            FileManager.default.createFile(
                atPath: directory + "/scanbench-app",
                contents: Data(),
                attributes: [.posixPermissions: 0o755]
            )
        )
        #expect(try AppExecutable.locate(beside: directory + "/scanbench") == directory + "/scanbench-app")
    }

    @Test("the harness's fold of the events lives in the contract, not in the scanner")
    func foldInContract() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        #expect(
            FileManager.default.fileExists(
                atPath: sources.appendingPathComponent("AppContract/Events/EventTally.swift").path
            )
        )
        let scanKit = sources.appendingPathComponent("ScanKit")
        let walker = try #require(FileManager.default.enumerator(atPath: scanKit.path))
        for case let path as String in walker where path.hasSuffix(".swift") {
            let text = try String(contentsOf: scanKit.appendingPathComponent(path), encoding: .utf8)
            #expect(!text.contains("struct EventTally"), "ScanKit/\(path) declares the fold")
        }
    }
}

/// The targets of Package.swift and the names each depends on, read from the manifest's text
/// (`.target(name: "X", dependencies: [...])`; products by their name).
struct PackageTargets {
    var dependencies: [String: [String]] = [:]

    init(manifest: String) throws {
        let text = Substring(manifest)
        var rest = text[...]
        while let start = rest.range(
            of: #"\.(target|executableTarget|testTarget|systemLibrary)\("#,
            options: .regularExpression
        ) {
            let body = Self.balanced(rest[start.upperBound...], open: "(", close: ")")
            rest = rest[body.endIndex...]
            guard let name = Self.strings(in: body).first else { continue }
            var names: [String] = []
            if let list = body.range(of: "dependencies: [") {
                // A product is named by its `name:`; its `package:` is not a dependency.
                let listed = Self.balanced(body[list.upperBound...], open: "[", close: "]").replacing(
                    /package: "[^"]*"/,
                    with: ""
                )
                names = Self.strings(in: listed[...])
            }
            dependencies[name] = names
        }
        guard !dependencies.isEmpty else { throw AppBinaryTestError("no targets found in Package.swift") }
    }

    /// Every target reachable from `target` (itself excluded), products by name.
    func closure(of target: String) throws -> Set<String> {
        guard dependencies[target] != nil else { throw AppBinaryTestError("Package.swift has no target \(target)") }
        var seen: Set<String> = []
        var queue = dependencies[target]!
        while let next = queue.popLast() {
            guard seen.insert(next).inserted else { continue }
            queue += dependencies[next] ?? []
        }
        return seen
    }

    /// The text up to the bracket that closes the one already opened before `text`.
    static func balanced(_ text: Substring, open: Character, close: Character) -> Substring {
        var depth = 1
        for index in text.indices {
            if text[index] == open { depth += 1 }
            if text[index] == close { depth -= 1 }
            if depth == 0 { return text[..<index] }
        }
        return text
    }

    /// The string literals in `text`, in order.
    static func strings(in text: Substring) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
            String($0.element)
        }
    }
}

struct AppBinaryTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
