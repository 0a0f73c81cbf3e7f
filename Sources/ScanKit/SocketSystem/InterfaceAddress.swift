import Wire

/// Interface addresses, for callers outside ScanKit (the scan command's testbed check).
public enum InterfaceAddress {
    /// The first IPv4 address of `interface`, nil when it has none or does not exist.
    public static func ipv4(of interface: String) -> IPv4Address? {
        SocketSystem.ipv4Address(of: interface)?.address
    }
}
