import CPlatform
#if canImport(Glibc)
import Glibc
#endif

/// The kernel's announcements of interface changes (rtnetlink `RTMGRP_LINK` and
/// `RTMGRP_IPV4_IFADDR`): an interface going up or down, losing or regaining carrier, gaining or
/// losing an address. This is what a path monitor listens to on Linux, as NWPathMonitor hears
/// the system's interface changes on iOS: the socket becomes readable at each change, and the
/// reader then looks at the interfaces as they are (`NetworkInterfaces.entries`).
public enum LinkEvents {
    /// Opens a non-blocking, close-on-exec subscription.
    /// - Throws: `SystemError` with the errno of `socket(2)` or `bind(2)`.
    public static func open() throws(SystemError) -> Int32 {
        let fd = scanbench_link_events_open()
        guard fd >= 0 else { throw SystemError("rtnetlink socket") }
        return fd
    }

    /// Reads every queued announcement without blocking and returns how many datagrams there were
    /// (their content is not needed: the caller reads the interfaces afresh). An overrun
    /// (`ENOBUFS`, announcements lost) counts as one: the caller must look anyway.
    @discardableResult
    public static func drain(_ fd: Int32) -> Int {
        var buffer = [UInt8](repeating: 0, count: 8192)
        var count = 0
        while true {
            let read = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if read > 0 { count += 1; continue }
            if read < 0 && errno == ENOBUFS { count += 1; continue }
            return count
        }
    }
}
