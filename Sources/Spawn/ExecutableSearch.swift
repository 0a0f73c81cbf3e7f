import Foundation

/// Finds the programs ScanBench starts, and names the Debian package of a missing one.
public enum ExecutableSearch {
    /// The path of `name`: itself when absolute, else the first match on PATH or in the sbin
    /// and bin directories (root's PATH may lack the sbin ones).
    /// - Throws: `SpawnError` naming the package to install.
    public static func locate(_ name: String) throws(SpawnError) -> String {
        if name.hasPrefix("/") { return name }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin", "/usr/bin", "/bin"]
        for directory in directories where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
            return "\(directory)/\(name)"
        }
        throw SpawnError("'\(name)' is not installed", fix: "install it: apt-get install -y \(package(for: name))")
    }

    /// The Debian package that ships `tool`.
    public static func package(for tool: String) -> String {
        switch tool {
        case "ip": "iproute2"
        case "nft": "nftables"
        case "sysctl": "procps"
        case "dig": "dnsutils"
        case "ping": "iputils-ping"
        case "avahi-browse": "avahi-utils"
        case "unshare": "util-linux"
        default: tool
        }
    }
}
