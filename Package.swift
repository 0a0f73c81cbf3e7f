// swift-tools-version: 6.1
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]
/// The frame and message decoders (Wire) and the capture records and headers (CaptureFiles) are
/// called once per captured frame from other modules (CaptureAnalysis, Twin): with cross-module optimisation their bodies can be inlined there, instead of
/// each decode being a call that returns its header through memory.
let crossModule: [SwiftSetting] = strict + [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]

let package = Package(
    name: "ScanBench",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "scanbench", targets: ["scanbench"]),
        .executable(name: "scanbench-app", targets: ["ScanBenchApp"]),
        .library(name: "Wire", targets: ["Wire"]),
        .library(name: "Fixture", targets: ["Fixture"]),
        .library(name: "Testbed", targets: ["Testbed"]),
        .library(name: "Capture", targets: ["CaptureFiles", "CaptureLive", "CaptureAnalysis"]),
        .library(name: "ScanKit", targets: ["ScanKit"]),
        .library(name: "NetTools", targets: ["NetTools"]),
        .library(name: "Results", targets: ["Results"]),
        .library(name: "Statistics", targets: ["Statistics"]),
        .library(name: "Gate", targets: ["Gate"]),
        .library(name: "Report", targets: ["Report"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // C any process of ours may link, the system under test included: epoll, ppoll, eventfd,
        // CLOCK_MONOTONIC, per-thread nice, pipe2 (what Swift's Glibc module does not export).
        .target(name: "CPlatform"),
        // C for the testbed and the harness only: TAP, setns, parent-death signal, timer slack,
        // perf counters. Only TestbedPlatform imports it.
        .target(name: "CTestbedShims"),
        // The testbed's and harness's platform code in Swift: network namespaces (exec in one,
        // enter one), TAP devices, signals, timer slack, perf counters. ScanKit, AppSession and
        // NetTools must not depend on it. Its calls throw Platform's `SystemError`.
        .target(name: "TestbedPlatform", dependencies: ["CTestbedShims", "Platform"], swiftSettings: strict),
        // The platform layer in Swift: clocks, errno naming, the one IPv4 socket type (options,
        // timestamps, error queues, polling), epoll, interfaces, host names, and procfs reads
        // with the route and ARP table parsers.
        .target(name: "Platform", dependencies: ["CPlatform", "Wire"], swiftSettings: strict),
        // Child processes: posix_spawn with a clean signal mask, output capture, timeouts.
        .target(name: "Spawn", dependencies: ["CPlatform", "Platform", "Fixable"], swiftSettings: strict),
        // libpcap from Debian's libpcap-dev.
        .systemLibrary(
            name: "CPcap",
            pkgConfig: "libpcap",
            providers: [.apt(["libpcap-dev"])]
        ),
        .target(name: "Wire", swiftSettings: crossModule),
        // The one "message + fix" error shape (`FixableError`), which every layer throws under its own
        // name. Imports nothing, so the fixture model and the report can say what to do without the
        // platform layer.
        .target(name: "Fixable", swiftSettings: strict),
        .target(
            name: "StrictYAML",
            dependencies: [.product(name: "Yams", package: "Yams")],
            swiftSettings: strict
        ),
        // The fixture model: what a LAN is (devices, services, impairments, Wi-Fi), read strictly,
        // validated, generated and written back as YAML; its ground truth and what makes a device
        // discoverable. No runtime: the testbed serves it, Inventory and Twin read and write it.
        .target(name: "Fixture", dependencies: ["Wire", "StrictYAML", "Fixable", "Identity"], swiftSettings: strict),
        // The public tables that say what a device is from what it announces (HAP categories, Cast
        // capabilities, DNS-SD types, UPnP device types, Apple model identifiers, default host
        // names), one file per source: the classifier reads devices by them, the fixtures'
        // identifiability rule asks whether a device's own signals determine its category.
        .target(name: "Identity", swiftSettings: strict),
        .target(
            name: "Testbed",
            dependencies: ["Fixture", "Wire", "Platform", "TestbedPlatform", "StrictYAML", "Spawn", "Fixable"],
            swiftSettings: strict
        ),
        // Capture files: pcap and pcapng read (libpcap's offline reader, our pcapng reader) and written,
        // their records, link types and process metadata, split at an instant. No live capture.
        .target(name: "CaptureFiles", dependencies: ["Wire", "CPcap", "TestbedPlatform"], swiftSettings: crossModule),
        // Live capture: libpcap on an interface inside a namespace, to a file, with its drop counters.
        .target(name: "CaptureLive", dependencies: ["CaptureFiles", "Wire", "CPcap", "TestbedPlatform"], swiftSettings: strict),
        // What a capture shows: the wire analysis (TCP attempts, RTTs, hosts' answers, in-flight
        // series) and the 802.11 and radio models (airtime, power save). Files in, figures out.
        .target(name: "CaptureAnalysis", dependencies: ["CaptureFiles", "Wire", "OrderStatistics"], swiftSettings: strict),
        // The user's LAN inventory (`analyze --inventory`) and the attribution of a capture to its
        // devices. The system under test never reads it.
        .target(name: "Inventory", dependencies: ["Wire", "StrictYAML", "Fixture", "CaptureFiles", "CaptureAnalysis", "Results"], swiftSettings: strict),
        // Both classifiers on a public corpus of real devices' captures (`classify-corpus`). The
        // system under test never imports it.
        .target(name: "Corpus", dependencies: ["Wire", "CaptureFiles", "CaptureAnalysis", "NetTools", "ScanKit", "Fixable", "Results"], swiftSettings: strict),
        // A twin fixture from a real capture (`fixture from-capture`) and the round-trip check.
        // The system under test never imports it.
        .target(name: "Twin", dependencies: ["Wire", "CaptureFiles", "CaptureAnalysis", "Inventory", "Fixture", "Results", "OrderStatistics"], swiftSettings: strict),
        // Order statistics taken one way everywhere (`SortedSample`, `Percentile`): the capture's
        // round trips, the results' medians and the report's summaries.
        .target(name: "OrderStatistics", swiftSettings: strict),
        // The results.json schema shared by the harness, reports and compare.
        .target(name: "Results", dependencies: ["OrderStatistics", "Fixable"], swiftSettings: strict),
        // Runs strategies on testbeds while capturing, and joins stack, wire and truth.
        .target(
            name: "Harness",
            dependencies: ["Results", "OrderStatistics", "Fixture", "Testbed", "CaptureFiles", "CaptureLive", "CaptureAnalysis", "AppContract", "AppInputs", "Wire", "StrictYAML", "Spawn", "Platform", "TestbedPlatform", "Fixable", "Identity"],
            swiftSettings: strict
        ),
        // Statistical tests and effect sizes (Mann–Whitney U, Cliff's delta, Holm, binomial tails) and SampleSummary.
        .target(name: "Statistics", dependencies: ["OrderStatistics"], swiftSettings: strict),
        // The regression gate: compare's verdict, thresholds and exit statuses, and the baseline's inputs manifest.
        .target(name: "Gate", dependencies: ["Results", "Statistics", "Fixable", "StrictYAML"], swiftSettings: strict),
        // report.md and SVG charts from results.json (with the ablation and tune analyses), and compare's Markdown.
        .target(name: "Report", dependencies: ["Results", "Statistics", "Gate"], swiftSettings: strict),
        // What crosses the process boundary between the app and the harness: the events and the
        // event log's record format, the harness's fold of them (EventTally), the scan and session
        // reports and the app's exit statuses. Both sides import it; it knows no scanner and no testbed.
        .target(name: "AppContract", dependencies: ["Wire", "Platform"], swiftSettings: strict),
        // What the harness gives the app: the strategy, the platform profile and the session script —
        // their models, strict loaders and validators. Both sides import it, so the harness reads and
        // checks the app's inputs without linking the scanner.
        .target(name: "AppInputs", dependencies: ["AppContract", "Wire", "StrictYAML", "Fixable"], swiftSettings: strict),
        .target(name: "ScanKit", dependencies: ["AppContract", "AppInputs", "Wire", "StrictYAML", "Platform", "Fixable"], swiftSettings: strict),
        .target(name: "NetTools", dependencies: ["AppContract", "AppInputs", "Wire", "ScanKit", "Spawn", "Platform", "Identity"], swiftSettings: strict),
        // One app, one process: the scan and NetMonitor's tool services on one budget (`scanbench-app`).
        .target(name: "AppSession", dependencies: ["AppContract", "AppInputs", "ScanKit", "NetTools", "Wire", "StrictYAML", "Platform", "Fixable"], swiftSettings: strict),
        // Seeded fuzzing of every parser that reads bytes from outside (`scanbench fuzz`, scripts/fuzz,
        // and 20 k inputs a parser in FuzzingTests).
        .target(name: "Fuzzing", dependencies: ["Wire", "CaptureFiles", "CaptureAnalysis", "ScanKit", "NetTools", "TestbedPlatform"], swiftSettings: strict),
        // The app, the system under test, as its own program (`scanbench-app`, beside `scanbench`): the
        // harness runs it, so what it links is what was measured. The SUT and the platform layer only;
        // AppBinaryTests holds this list to that.
        .executableTarget(
            name: "ScanBenchApp",
            dependencies: ["AppContract", "AppInputs", "AppSession", "ScanKit", "NetTools", "Wire", "Platform", "StrictYAML", "OrderStatistics",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "scanbench",
            dependencies: [
                "Fixture", "Testbed", "CaptureFiles", "CaptureLive", "CaptureAnalysis", "AppContract", "AppInputs", "ScanKit", "AppSession", "Wire", "Harness", "Results", "NetTools", "Report", "Gate", "Spawn", "Platform", "TestbedPlatform",
                "Fuzzing", "Inventory", "Twin", "Corpus",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "WireTests", dependencies: ["Wire"], swiftSettings: strict),
        .testTarget(name: "ResultsTests", dependencies: ["Results", "OrderStatistics"], swiftSettings: strict),
        .testTarget(name: "HarnessTests", dependencies: ["Harness", "AppContract", "AppInputs", "AppSession", "CaptureFiles", "CaptureAnalysis", "Wire", "Results", "Spawn", "StrictYAML", "NetTools", "ScanKit", "Fixture", "Testbed"], swiftSettings: strict),
        // Synthetic results documents for the report's and the gate's tests: not shipped.
        .target(name: "SyntheticRuns", dependencies: ["Results", "OrderStatistics", "Statistics"], path: "Tests/Support/SyntheticRuns", swiftSettings: strict),
        .testTarget(name: "StatisticsTests", dependencies: ["Statistics"], swiftSettings: strict),
        .testTarget(name: "GateTests", dependencies: ["Gate", "Report", "Results", "SyntheticRuns"], swiftSettings: strict),
        .testTarget(name: "ReportTests", dependencies: ["Report", "Gate", "Results", "OrderStatistics", "SyntheticRuns"], swiftSettings: strict),
        .testTarget(name: "FixtureTests", dependencies: ["Fixture", "StrictYAML", "Wire", "Identity"], swiftSettings: strict),
        .testTarget(name: "TestbedTests", dependencies: ["Fixture", "Testbed", "Platform", "StrictYAML", "Wire", "Spawn", "TestbedPlatform"], swiftSettings: strict),
        // Frames of a synthetic LAN for the capture readers' tests (Inventory, Twin): not shipped.
        .target(name: "SyntheticFrames", dependencies: ["CaptureFiles", "Wire"], path: "Tests/Support/SyntheticFrames", swiftSettings: strict),
        .testTarget(name: "InventoryTests", dependencies: ["Inventory", "SyntheticFrames", "CaptureFiles", "CaptureAnalysis", "Report", "Results", "StrictYAML", "Wire"],
                    swiftSettings: strict),
        .testTarget(name: "CorpusTests", dependencies: ["Corpus", "NetTools", "CaptureFiles", "Wire", "Spawn", "SyntheticFrames"], swiftSettings: strict),
        .testTarget(name: "TwinTests", dependencies: ["Twin", "SyntheticFrames", "CaptureFiles", "CaptureAnalysis", "Fixture", "Wire"], swiftSettings: strict),
        // The capture layer's three modules together: files are read through the analysis.
        .testTarget(name: "CaptureTests", dependencies: ["CaptureFiles", "CaptureLive", "CaptureAnalysis", "Spawn", "Wire", "Results"],
                    exclude: ["Fixtures"],  // real 802.11 captures the tests read by path (Fixtures/README.md)
                    swiftSettings: strict),
        .testTarget(name: "NetToolsTests", dependencies: ["NetTools", "Wire", "AppContract", "ScanKit"], swiftSettings: strict),
        .testTarget(name: "FuzzingTests", dependencies: ["Fuzzing", "Testbed", "Wire"], swiftSettings: strict),
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "Wire"], swiftSettings: strict),
        .testTarget(name: "AppInputsTests", dependencies: ["AppInputs", "AppContract", "StrictYAML", "Wire"], swiftSettings: strict),
        .testTarget(name: "ScanKitTests", dependencies: ["AppContract", "AppInputs", "ScanKit", "StrictYAML", "Wire", "Platform", "TestbedPlatform"], swiftSettings: strict),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["Fixture", "Testbed", "CaptureFiles", "CaptureLive", "CaptureAnalysis", "Wire", "Spawn", "TestbedPlatform", "Harness", "Results"],
            exclude: ["Fixtures"],  // fixture files the tests read by path
            swiftSettings: strict
        ),
    ]
)
