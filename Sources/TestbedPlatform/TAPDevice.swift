import Platform
import CTestbedShims
import Glibc

/// TAP interfaces: the kernel end of a testbed's switch ports.
public enum TAPDevice {
    /// Creates TAP interface `name` (no packet-info header) and returns its non-blocking,
    /// close-on-exec descriptor; the interface goes away when the descriptor is closed.
    /// - Throws: `SystemError` (EPERM without CAP_NET_ADMIN, ENOENT without /dev/net/tun).
    public static func open(named name: String) throws(SystemError) -> Int32 {
        let fd = scanbench_tap_open(name)
        guard fd >= 0 else { throw SystemError("TUNSETIFF(\(name))") }
        return fd
    }

    /// Turns the carrier of the TAP open on `fd` on or off (`TUNSETCARRIER`): the host behind it
    /// sees its link lose and regain carrier — `NO-CARRIER`, `IFF_RUNNING` cleared, an rtnetlink
    /// `RTM_NEWLINK` — as a Wi-Fi station's interface does when it loses its association.
    /// - Throws: `SystemError` (EINVAL on kernels before 5.0).
    public static func setCarrier(_ fd: Int32, on: Bool) throws(SystemError) {
        guard scanbench_tap_set_carrier(fd, on ? 1 : 0) == 0 else { throw SystemError("TUNSETCARRIER") }
    }

    /// Reads one frame from TAP descriptor `fd` into `buffer`; the byte count, 0 or -1 when
    /// there is none (non-blocking). The switch's hot path: inlined into it.
    @inlinable
    public static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        Glibc.read(fd, buffer.baseAddress, buffer.count)
    }

    /// Writes one frame to TAP descriptor `fd`; the byte count, or -1.
    @inlinable
    public static func write(_ fd: Int32, _ frame: UnsafeRawBufferPointer) -> Int {
        Glibc.write(fd, frame.baseAddress, frame.count)
    }

    /// Closes TAP descriptor `fd` (its interface goes away).
    public static func close(_ fd: Int32) { _ = Glibc.close(fd) }

    /// Nil when a TAP device can be created here; else why `/dev/net/tun` cannot be opened.
    public static func cloneDeviceProblem() -> SystemError? {
        let fd = Glibc.open("/dev/net/tun", O_RDWR | O_CLOEXEC)
        guard fd < 0 else { _ = Glibc.close(fd); return nil }
        return SystemError("open(/dev/net/tun)")
    }
}
