// swift-tools-version: 6.1
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "ScanBench",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "scanbench", targets: ["scanbench"]),
        .library(name: "Wire", targets: ["Wire"]),
        .library(name: "Testbed", targets: ["Testbed"]),
        .library(name: "Capture", targets: ["Capture"]),
        .library(name: "ScanKit", targets: ["ScanKit"]),
        .library(name: "NetTools", targets: ["NetTools"]),
        .library(name: "Results", targets: ["Results"]),
        .library(name: "Report", targets: ["Report"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // Linux syscalls that Swift cannot call directly (variadic ioctl/prctl).
        .target(name: "CShims"),
        // Child processes: posix_spawn with a clean signal mask, output capture, timeouts.
        .target(name: "Spawn", dependencies: ["CShims"], swiftSettings: strict),
        // libpcap from Debian's libpcap-dev.
        .systemLibrary(
            name: "CPcap",
            pkgConfig: "libpcap",
            providers: [.apt(["libpcap-dev"])]
        ),
        .target(name: "Wire", swiftSettings: strict),
        // IPv4 sockets (options, timestamps, error queues) for the stack under test and the tools.
        .target(name: "Sockets", dependencies: ["Wire"], swiftSettings: strict),
        .target(
            name: "StrictYAML",
            dependencies: [.product(name: "Yams", package: "Yams")],
            swiftSettings: strict
        ),
        .target(
            name: "Testbed",
            dependencies: ["Wire", "CShims", "StrictYAML", "Spawn"],
            swiftSettings: strict
        ),
        .target(name: "Capture", dependencies: ["Wire", "CPcap"], swiftSettings: strict),
        // The results.json schema shared by the harness, reports and compare.
        .target(name: "Results", swiftSettings: strict),
        // Runs strategies on testbeds while capturing, and joins stack, wire and truth.
        .target(
            name: "Harness",
            dependencies: ["Results", "Testbed", "Capture", "ScanKit", "AppSession", "Wire", "StrictYAML", "Spawn", "CShims"],
            swiftSettings: strict
        ),
        // report.md, SVG charts and the regression verdict, from results.json only.
        .target(name: "Report", dependencies: ["Results"], swiftSettings: strict),
        .target(name: "ScanKit", dependencies: ["Wire", "StrictYAML", "CShims", "Sockets"], swiftSettings: strict),
        .target(name: "NetTools", dependencies: ["Wire", "ScanKit", "Spawn", "Sockets"], swiftSettings: strict),
        // One app, one process: the scan and NetMonitor's tool services on one budget (`scanbench app`).
        .target(name: "AppSession", dependencies: ["ScanKit", "Sockets", "Wire", "StrictYAML"], swiftSettings: strict),
        .executableTarget(
            name: "scanbench",
            dependencies: [
                "Testbed", "Capture", "ScanKit", "AppSession", "Wire", "Harness", "Results", "NetTools", "Report", "Spawn", "Sockets",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "WireTests", dependencies: ["Wire"], swiftSettings: strict),
        .testTarget(name: "ResultsTests", dependencies: ["Results"], swiftSettings: strict),
        .testTarget(name: "HarnessTests", dependencies: ["Harness", "AppSession", "Capture", "Wire", "Results", "Spawn", "StrictYAML", "NetTools", "ScanKit", "Testbed"], swiftSettings: strict),
        .testTarget(name: "ReportTests", dependencies: ["Report", "Results"], swiftSettings: strict),
        .testTarget(name: "TestbedTests", dependencies: ["Testbed", "Spawn"], swiftSettings: strict),
        .testTarget(name: "CaptureTests", dependencies: ["Capture", "Testbed", "Spawn"], swiftSettings: strict),
        .testTarget(name: "NetToolsTests", dependencies: ["NetTools", "Wire", "ScanKit"], swiftSettings: strict),
        .testTarget(name: "ScanKitTests", dependencies: ["ScanKit", "CShims"], swiftSettings: strict),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["Testbed", "Capture", "Wire", "Spawn"],
            exclude: ["Fixtures"],  // fixture files the tests read by path
            swiftSettings: strict
        ),
    ]
)
