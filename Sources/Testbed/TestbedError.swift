import Fixable

/// Something the testbed could not do, with what to do about it.
public typealias TestbedError = FixableError

extension TestbedError {
    static func commandFailed(_ arguments: [String], status: Int32, output: String) -> TestbedError {
        let trimmed = output.split(separator: "\n").suffix(5).joined(separator: "\n    ")
        return TestbedError(
            "command failed (exit \(status)): \(arguments.joined(separator: " "))\n    \(trimmed)",
            fix:
                "run 'scanbench testbed down' to clear leftovers, check you are root (or have CAP_NET_ADMIN) and that iproute2/nftables/dnsmasq are installed"
        )
    }
}
