import CTestbedShims
import Glibc

/// Moves the calling thread into a named network namespace (`/run/netns/NAME`).
///
/// Only ever call this on a thread that belongs to the caller (the capture thread): a Swift
/// concurrency or Dispatch worker moved into another namespace would run unrelated work there.
enum NetworkNamespace {
    /// Enters namespace `name` on the current thread.
    ///
    /// - Throws: `CaptureError.namespaceUnavailable` when the name is invalid, missing or
    ///   `setns` is refused.
    static func enter(_ name: String) throws(CaptureError) {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            throw .namespaceUnavailable(name: name, errno: EINVAL)
        }
        let fd = open("/run/netns/" + name, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .namespaceUnavailable(name: name, errno: errno) }
        defer { close(fd) }
        guard scanbench_setns_net(fd) == 0 else { throw .namespaceUnavailable(name: name, errno: errno) }
    }
}
