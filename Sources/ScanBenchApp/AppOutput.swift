import Foundation

/// The app's own output: errors on standard error (status 1), the report as JSON on standard
/// output. Not `scanbench`'s `Terminal`: the app links nothing of the CLI.
enum AppOutput {
    /// Prints `message` (an "error: … fix: …" text) and exits with status 1.
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("scanbench-app: \(message)\n".utf8))
        exit(1)
    }

    /// Prints an error as it describes itself (the project's errors carry their fix) and exits with status 1.
    static func fail(_ error: any Error) -> Never { fail("\(error)") }

    /// Prints `value` as sorted, pretty JSON (the harness decodes it: `SessionReport`).
    static func printJSON(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            print(String(decoding: try encoder.encode(value), as: UTF8.self))
        } catch {
            fail(
                "error: cannot encode the report as JSON (\(error))\n  fix: report this as a bug: every report field is encodable"
            )
        }
    }
}
