import Foundation
import Spawn

/// Runs the system tools the testbed is built and removed with (`ip`, `nft`, `sysctl`) to
/// completion, through `Spawn`'s `ChildProcess`.
///
/// What it adds to `ChildProcess.run` is the testbed's idea of failure: a non-zero exit status
/// is a `TestbedError` quoting the command and the last lines of its output, with a fix, so
/// every setup step fails the same readable way.
public enum SystemTool {
    /// Runs `arguments` to completion (at most 60 s) and returns its standard output.
    /// - Throws: `TestbedError` with the command's exit status and last lines of output.
    @discardableResult
    public static func run(_ arguments: [String], input: String? = nil) throws -> String {
        let result = try ChildProcess.runMonitored(arguments, input: input.map { Data($0.utf8) }, timeout: 60)
        guard result.status == 0 else {
            throw TestbedError.commandFailed(arguments, status: result.status, output: result.stdout + result.stderr)
        }
        return result.stdout
    }

    /// Runs `arguments`, ignoring failure (cleanup paths).
    public static func attempt(_ arguments: [String]) {
        _ = try? run(arguments)
    }
}
