import Foundation

/// Runs the system tools the testbed is built with (`ip`, `nft`, `sysctl`, `dnsmasq`).
///
/// All process spawning of the testbed goes through here, so failures read the same everywhere.
public enum CommandRunner {
    /// Runs `arguments` to completion and returns its standard output.
    /// - Throws: `TestbedError` with the command's exit status and last lines of output.
    @discardableResult
    public static func run(_ arguments: [String], input: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try which(arguments[0]))
        process.arguments = Array(arguments.dropFirst())
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw TestbedError.commandFailed(arguments, status: process.terminationStatus, output: text)
        }
        return text
    }

    /// Runs `arguments`, ignoring failure (cleanup paths).
    public static func attempt(_ arguments: [String]) {
        _ = try? run(arguments)
    }

    /// Starts `arguments` in the background with output appended to `logFile`.
    /// - Returns: the process, already running.
    public static func spawn(_ arguments: [String], logFile: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try which(arguments[0]))
        process.arguments = Array(arguments.dropFirst())
        FileManager.default.createFile(atPath: logFile, contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logFile))
        log.seekToEndOfFile()
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Finds an executable on PATH (or the usual sbin directories, which root's PATH may lack).
    public static func which(_ name: String) throws -> String {
        if name.hasPrefix("/") { return name }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin", "/usr/bin", "/bin"]
        for directory in directories where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
            return "\(directory)/\(name)"
        }
        throw TestbedError("'\(name)' is not installed", fix: "install it: apt-get install -y \(package(for: name))")
    }

    static func package(for tool: String) -> String {
        switch tool {
        case "ip": return "iproute2"
        case "nft": return "nftables"
        case "dnsmasq": return "dnsmasq"
        case "sysctl": return "procps"
        default: return tool
        }
    }
}
