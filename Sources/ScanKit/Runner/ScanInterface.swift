import Wire

/// The interface a scan may use: the one named, or eth0 when it carries a 198.18.0.0/15 address
/// (a testbed namespace) — so that neither `scanbench scan` nor `scanbench-app` scans a real
/// network by accident.
public enum ScanInterface {
    /// `--interface`, or eth0 when it carries a 198.18.0.0/15 address (a testbed namespace).
    /// - Throws: `ScanSetupError` outside a testbed namespace when no interface is named.
    public static func choose(_ interface: String?) throws -> String {
        if let interface { return interface }
        let benchmark = IPv4Network("198.18.0.0/15")!
        guard let address = InterfaceAddress.ipv4(of: "eth0"), benchmark.contains(address) else {
            throw ScanSetupError(
                "refusing to scan: this is not a testbed scanner namespace (no eth0 with an address in 198.18.0.0/15)",
                fix: "run it inside a testbed (`scanbench testbed exec -- scanbench scan …`), or name the interface "
                    + "to scan explicitly with --interface IF if you mean to scan that network"
            )
        }
        return "eth0"
    }
}
