import Foundation

/// Where the app under test is: `scanbench-app`, built beside `scanbench` (every `swift build`
/// builds both). The harness runs it, not `scanbench app`, so what it measures (peak RSS, CPU,
/// wakeups) is the app's own and the app links no testbed, capture or harness code.
public enum AppExecutable {
    /// The app's file name.
    public static let name = "scanbench-app"

    /// The app's path beside `scanbench` (which may be missing; `locate` checks).
    public static func path(beside scanbench: String) -> String {
        URL(fileURLWithPath: scanbench).deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// The app beside `scanbench`, checked to be there.
    /// - Throws: `HarnessError` with the build command when it is missing.
    public static func locate(beside scanbench: String) throws -> String {
        let app = path(beside: scanbench)
        guard FileManager.default.isExecutableFile(atPath: app) else {
            throw HarnessError(
                "the app under test, \(app), is missing: the harness runs it as its own program, beside \(scanbench)",
                fix:
                    "build every product (`swift build`, or `swift build -c release`), not only `--product scanbench`; "
                    + "or add it with `swift build --product \(name)` in the same configuration"
            )
        }
        return app
    }
}
