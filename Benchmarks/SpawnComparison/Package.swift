// swift-tools-version: 6.1
import PackageDescription

// Issue 13's measurement behind keeping Spawn's own posix_spawn wrapper rather than
// swift-subprocess: spawn + wait of /bin/true both ways (Spawn's sources are symlinked in).
//   swift build -c release && .build/release/SpawnComparison 200 15

let package = Package(
    name: "SpawnComparison",
    platforms: [.macOS(.v15)],
    dependencies: [.package(url: "https://github.com/swiftlang/swift-subprocess", exact: "1.0.2")],
    targets: [
        .target(name: "CPlatform"),
        .target(name: "Spawn", dependencies: ["CPlatform"]),
        .executableTarget(
            name: "SpawnComparison",
            dependencies: ["Spawn", .product(name: "Subprocess", package: "swift-subprocess")]
        ),
    ]
)
