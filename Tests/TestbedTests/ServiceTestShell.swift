import Foundation
import Spawn
import Testbed

/// Runs commands for the service integration tests and captures their output.
enum ServiceTestShell {
    struct Result: CustomStringConvertible {
        var status: Int32
        var output: String
        var description: String { "exit \(status): \(output)" }
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Runs `arguments` (found on PATH) through the testbed's `ChildProcess` (clean signal
    /// mask, reaped by us), standard error appended to the output; killed after `timeout` seconds.
    @discardableResult
    static func run(_ arguments: [String], timeout: TimeInterval = 30) -> Result {
        do {
            let result = try ChildProcess.run(arguments, timeout: timeout)
            return Result(status: result.status, output: result.stdout + result.stderr)
        } catch {
            return Result(status: -1, output: "\(error)")
        }
    }

    /// Runs `arguments` and throws unless they exit with 0.
    static func check(_ arguments: [String]) throws {
        let result = run(arguments)
        guard result.status == 0 else {
            throw Failure(message: "\(arguments.joined(separator: " ")) failed: \(result)")
        }
    }
}
