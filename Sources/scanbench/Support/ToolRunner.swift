import Foundation
import NetTools

/// Shared plumbing of the network tool commands: turns tool errors into one clear line on
/// standard error and exit status 1, and formats numbers the same way everywhere.
enum ToolRunner {
    /// Runs `body`; a `NetToolError` (or any other error) ends the process with status 1.
    static func run(_ body: () throws -> Void) {
        do {
            try body()
        } catch let error as NetToolError {
            Terminal.fail(error.description)
        } catch {
            Terminal.fail(Terminal.describe(error))
        }
    }

    /// Milliseconds with three decimals, as ping prints them.
    static func ms(_ value: Double?) -> String { value.map { String(format: "%.3f", $0) } ?? "*" }
}
