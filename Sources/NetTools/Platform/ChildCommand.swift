import Foundation

/// Runs a helper program (the `openssl` CLI) with input and a time limit: the one place in
/// NetTools that starts processes.
enum ChildCommand {
    struct Output { var status: Int32; var stdout: String; var stderr: String; var timedOut: Bool }

    /// Runs `arguments` (looked up on PATH), feeding `input`, killing it after `timeout` seconds.
    static func run(_ arguments: [String], input: String = "", timeout: Double) throws(NetToolError) -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do { try process.run() } catch { throw .system("cannot run \(arguments[0]): \(error)") }
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try? stdin.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        // Read both pipes on background threads so a chatty child never blocks on a full pipe.
        let outBox = DataBox(), errBox = DataBox()
        let group = DispatchGroup()
        for (handle, box) in [(stdout.fileHandleForReading, outBox), (stderr.fileHandleForReading, errBox)] {
            DispatchQueue.global().async(group: group) { box.set(handle.readDataToEndOfFile()) }
        }
        var timedOut = false
        while process.isRunning {
            if Date() > deadline { process.terminate(); timedOut = true; break }
            usleep(10_000)
        }
        process.waitUntilExit()
        _ = group.wait(timeout: .now() + 2)
        return Output(status: process.terminationStatus, stdout: String(decoding: outBox.get(), as: UTF8.self),
                      stderr: String(decoding: errBox.get(), as: UTF8.self), timedOut: timedOut)
    }

    /// A lock-protected byte buffer filled by a reader thread.
    private final class DataBox: @unchecked Sendable {
        // @unchecked: every access goes through `lock`.
        private let lock = NSLock()
        private var data = Data()
        func set(_ value: Data) { lock.lock(); data = value; lock.unlock() }
        func get() -> Data { lock.lock(); defer { lock.unlock() }; return data }
    }
}
