import CTestbedShims
import Glibc

/// TAP interfaces: the kernel end of a testbed's switch ports.
public enum TAPDevice {
    /// Creates TAP interface `name` (no packet-info header) and returns its non-blocking,
    /// close-on-exec descriptor; the interface goes away when the descriptor is closed.
    /// - Throws: `PlatformCallError` (EPERM without CAP_NET_ADMIN, ENOENT without /dev/net/tun).
    public static func open(named name: String) throws(PlatformCallError) -> Int32 {
        let fd = scanbench_tap_open(name)
        guard fd >= 0 else { throw PlatformCallError("TUNSETIFF(\(name))", errno: errno) }
        return fd
    }
}
