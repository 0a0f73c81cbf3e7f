import Foundation
import Spawn

/// Runs the system tools the testbed is built with (`ip`, `nft`, `sysctl`, `dnsmasq`).
///
/// All process spawning of the testbed goes through here (and `ChildProcess`), so failures read
/// the same everywhere: a `TestbedError` with a fix.
public enum CommandRunner {
    /// Runs `arguments` to completion and returns its standard output.
    /// - Throws: `TestbedError` with the command's exit status and last lines of output.
    @discardableResult
    public static func run(_ arguments: [String], input: String? = nil) throws -> String {
        let result: ChildProcess.Monitored
        do { result = try ChildProcess.runMonitored(arguments, input: input.map { Data($0.utf8) }, timeout: 60) }
        catch { throw TestbedError(error) }
        guard result.status == 0 else {
            throw TestbedError.commandFailed(arguments, status: result.status, output: result.stdout + result.stderr)
        }
        return result.stdout
    }

    /// Runs `arguments`, ignoring failure (cleanup paths).
    public static func attempt(_ arguments: [String]) {
        _ = try? run(arguments)
    }

    /// Starts `arguments` in the background with output appended to `logFile`.
    public static func spawn(_ arguments: [String], logFile: String, newSession: Bool = false) throws -> ChildProcess {
        do { return try ChildProcess.spawn(arguments, stdout: .file(logFile), stderr: .file(logFile), newSession: newSession) }
        catch { throw TestbedError(error) }
    }

    /// Finds an executable on PATH (or the usual sbin directories, which root's PATH may lack).
    public static func which(_ name: String) throws -> String {
        do { return try ExecutableSearch.locate(name) } catch { throw TestbedError(error) }
    }
}
