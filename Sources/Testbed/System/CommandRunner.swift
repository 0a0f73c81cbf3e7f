import Foundation

/// Runs the system tools the testbed is built with (`ip`, `nft`, `sysctl`, `dnsmasq`).
///
/// All process spawning of the testbed goes through here (and `ChildProcess`), so failures read
/// the same everywhere.
public enum CommandRunner {
    /// Runs `arguments` to completion and returns its standard output.
    /// - Throws: `TestbedError` with the command's exit status and last lines of output.
    @discardableResult
    public static func run(_ arguments: [String], input: String? = nil) throws -> String {
        let result = try ChildProcess.run(arguments, input: input.map { Data($0.utf8) }, timeout: 60)
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
        try ChildProcess.spawn(arguments, stdout: .file(logFile), stderr: .file(logFile), newSession: newSession)
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
        case "nmap", "tshark", "whois", "traceroute", "curl", "setsid": return tool
        default: return tool
        }
    }
}
