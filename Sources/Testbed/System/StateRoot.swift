import TestbedPlatform
import Foundation

/// The directory where ScanBench keeps what outlives one process: each testbed's state, logs and
/// generated files, the controllers' logs, and the kernel limits a run raised (to restore them).
///
/// It is `/run/scanbench` by default — a tmpfs, so it is empty again after every reboot and a
/// machine that never ran ScanBench has none. `SCANBENCH_STATE_DIR` moves it (tests use that to
/// run the CLI exactly as on a fresh machine). Readers treat a missing root as "no testbeds";
/// writers go through `prepare()`, the one place that creates it.
public enum StateRoot {
    /// The environment variable that overrides the default location.
    public static let environmentVariable = "SCANBENCH_STATE_DIR"
    /// Where the state lives when the environment does not say otherwise.
    public static let defaultPath = "/run/scanbench"

    /// The state root's path (absolute; not necessarily existing yet).
    public static var path: String {
        guard let custom = ProcessInfo.processInfo.environment[environmentVariable], !custom.isEmpty else {
            return defaultPath
        }
        return URL(fileURLWithPath: custom).standardizedFileURL.path
    }

    /// Creates the state root (mode 0755, with its parents) if it does not exist yet.
    /// - Returns: its path.
    /// - Throws: `TestbedError` naming the directory and what to do.
    @discardableResult
    public static func prepare() throws -> String {
        let root = path
        // mkdir -p by hand: Foundation's error on Linux does not say why (ENOTDIR, EACCES, EROFS).
        var prefix = ""
        for component in root.split(separator: "/") {
            prefix += "/\(component)"
            do { try FileKind.makeDirectory(prefix) } catch {
                throw TestbedError(
                    "cannot create the state directory \(root): \(prefix): \(error.reason)",
                    fix: "run as root, or point \(environmentVariable) at a writable directory"
                )
            }
        }
        guard (try? FileKind.of(root)) == .directory else {
            throw TestbedError(
                "cannot create the state directory \(root): it exists and is not a directory",
                fix: "remove \(root), or point \(environmentVariable) elsewhere"
            )
        }
        return root
    }

    /// The path of `name` directly under the state root, creating the root first.
    /// - Throws: `TestbedError` when the root cannot be created.
    public static func file(_ name: String) throws -> String {
        "\(try prepare())/\(name)"
    }
}
