// swift-tools-version: 6.1
// Benchmarks for ScanBench's hot paths, with ordo-one/package-benchmark.
//
// A nested package so that the root package's `swift build` / `swift test` never build it (nor
// fetch the benchmark library). Run from this directory:
//   swift package --disable-sandbox benchmark
// See docs/BENCHMARKS.md for baselines and comparisons.
import PackageDescription

let package = Package(
    name: "ScanBenchBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "ScanBench", path: ".."),
        // Only the malloc interposer trait: the default set also enables "RuntimeInterposer",
        // whose package (swift-runtime-interposer) is not among those this environment resolves.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        // Deque and Heap, measured against the switch's own FrameQueue (docs/BENCHMARKS.md#frame-queue-storage).
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    ],
    targets: [
        .executableTarget(
            name: "ScanBenchBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Wire", package: "ScanBench"),
                .product(name: "Capture", package: "ScanBench"),
                .product(name: "Fixture", package: "ScanBench"),
                .product(name: "Testbed", package: "ScanBench"),
                .product(name: "ScanKit", package: "ScanBench"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "HeapModule", package: "swift-collections"),
            ],
            path: "Benchmarks/ScanBenchBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
