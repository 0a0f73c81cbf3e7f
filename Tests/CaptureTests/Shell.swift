import Foundation

/// Runs a command to completion, capturing output through temporary files (never a pipe that
/// could fill up and stall the child).
struct Shell {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    struct Failure: Error, CustomStringConvertible {
        var command: [String]
        var result: Result
        var description: String {
            "command failed (\(result.status)): \(command.joined(separator: " "))\nstdout: \(result.stdout)\nstderr: \(result.stderr)"
        }
    }

    /// Runs `arguments` (first is looked up in PATH) and waits.
    @discardableResult
    static func run(_ arguments: [String], check: Bool = false) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let directory = FileManager.default.temporaryDirectory
        let out = directory.appendingPathComponent("scanbench-sh-\(UUID().uuidString).out")
        let err = directory.appendingPathComponent("scanbench-sh-\(UUID().uuidString).err")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        let outHandle = try FileHandle(forWritingTo: out)
        let errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        let result = Result(status: process.terminationStatus,
                            stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                            stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
        if check && result.status != 0 { throw Failure(command: arguments, result: result) }
        return result
    }

    /// Starts `arguments` in the background; the caller ends it with SIGKILL (the child inherits
    /// the test thread's signal mask, which blocks SIGTERM).
    static func spawn(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    static func exists(_ tool: String) -> Bool {
        (try? run(["sh", "-c", "command -v \(tool)"]).status) == 0
    }
}
