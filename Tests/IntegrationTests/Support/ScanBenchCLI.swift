import Foundation
import Spawn
import Testing
import Testbed

/// Runs the built `scanbench` executable and other tools for the integration tests.
///
/// The tests drive the real command-line tool (as a user would) rather than the library, so the
/// package must be built first (`swift build`); `$SCANBENCH_BIN` overrides the path.
enum ScanBenchCLI {
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    static var binary: String {
        ProcessInfo.processInfo.environment["SCANBENCH_BIN"] ?? "\(packageRoot)/.build/debug/scanbench"
    }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `arguments` (arguments[0] is looked up on PATH unless absolute) and waits.
    /// Uses the testbed's `ChildProcess`, which gives children a clean signal mask (test threads
    /// block SIGCHLD, and a shell's `wait` would hang with it blocked).
    @discardableResult
    static func run(_ arguments: [String], timeout: Double = 120) throws -> Output {
        let result = try ChildProcess.run(arguments, timeout: timeout)
        return Output(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// Runs `scanbench` with `arguments`.
    @discardableResult
    static func scanbench(_ arguments: [String], timeout: Double = 120) throws -> Output {
        try run([binary] + arguments, timeout: timeout)
    }

    /// Runs `scanbench` with `arguments` and its state root moved to `stateRoot` (`SCANBENCH_STATE_DIR`).
    @discardableResult
    static func scanbench(_ arguments: [String], stateRoot: String, timeout: Double = 120) throws -> Output {
        try run(["env", "SCANBENCH_STATE_DIR=\(stateRoot)", binary] + arguments, timeout: timeout)
    }

    /// Namespaces whose names carry our prefix.
    static func ourNamespaces() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/run/netns")) ?? []).filter {
            $0.hasPrefix("scanbench-")
        }
    }
}
