import Foundation
import Synchronization

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

    /// Runs `arguments` (found on PATH), standard error merged into the output; the command is
    /// sent SIGKILL after `timeout` seconds.
    @discardableResult
    static func run(_ arguments: [String], timeout: TimeInterval = 30) -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return Result(status: -1, output: "\(error)") }
        let pid = process.processIdentifier
        let finished = Mutex(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            finished.withLock { done in if !done { kill(pid, SIGKILL) } }
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        finished.withLock { $0 = true }
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// Runs `arguments` and throws unless they exit with 0.
    static func check(_ arguments: [String]) throws {
        let result = run(arguments)
        guard result.status == 0 else { throw Failure(message: "\(arguments.joined(separator: " ")) failed: \(result)") }
    }
}
