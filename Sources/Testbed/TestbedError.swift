import Spawn
/// Something the testbed could not do, with what to do about it.
public struct TestbedError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var fix: String

    public init(_ message: String, fix: String) {
        self.message = message
        self.fix = fix
    }

    public var description: String { "error: \(message)\n  fix: \(fix)" }

    /// A program the testbed needs could not be started.
    public init(_ error: SpawnError) { self.init(error.message, fix: error.fix) }

    static func commandFailed(_ arguments: [String], status: Int32, output: String) -> TestbedError {
        let trimmed = output.split(separator: "\n").suffix(5).joined(separator: "\n    ")
        return TestbedError("command failed (exit \(status)): \(arguments.joined(separator: " "))\n    \(trimmed)",
                            fix: "run 'scanbench testbed down' to clear leftovers, check you are root (or have CAP_NET_ADMIN) and that iproute2/nftables/dnsmasq are installed")
    }
}
