import Foundation
import Spawn

/// Runs a helper program (the `openssl` CLI) with input and a time limit, through `Spawn`'s
/// `ChildProcess`: the one place in NetTools that starts processes.
enum ChildCommand {
    /// Runs `arguments` (looked up on PATH), feeding `input`, killing it after `timeout` seconds.
    /// - Throws: `NetToolError.system` when it cannot be started (not installed).
    static func run(_ arguments: [String], input: String = "", timeout: Double) throws(NetToolError) -> ChildProcess.Monitored {
        do { return try ChildProcess.runMonitored(arguments, input: Data(input.utf8), timeout: timeout) }
        catch { throw .system("cannot run \(arguments[0]): \(error.message) (\(error.fix))") }
    }
}
