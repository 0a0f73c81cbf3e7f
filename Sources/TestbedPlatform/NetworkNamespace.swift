import Platform
import CTestbedShims
import Glibc

/// A named network namespace (`/run/netns/NAME`, as `ip netns add` makes them): the one way to
/// run a program in it and to move a thread into it.
///
/// Programs go through `ip netns exec` rather than our own setns-then-exec because it also
/// bind-mounts `/etc/netns/NAME/*` (the scanner's resolv.conf) in a private mount namespace.
/// Threads enter with setns(2), which moves only the calling thread.
public struct NetworkNamespace: Sendable, Hashable, CustomStringConvertible {
    public let name: String

    public init(_ name: String) { self.name = name }

    /// Where `ip netns` keeps the namespace open.
    public var path: String { "/run/netns/" + name }

    public var description: String { name }

    /// The argv that runs `arguments` (arguments[0] looked up on PATH) inside this namespace.
    public func command(_ arguments: [String]) -> [String] {
        ["ip", "netns", "exec", name] + arguments
    }

    /// Moves the calling thread into this namespace.
    ///
    /// Only ever call this on a thread that belongs to the caller (a capture thread, a thread
    /// made for the purpose): a Swift concurrency or Dispatch worker moved into another
    /// namespace would run unrelated work there.
    /// - Throws: `SystemError` with EINVAL when the name is not a plain file name, else
    ///   the errno of open or setns (ENOENT: no such namespace, EPERM: not root).
    public func enter() throws(SystemError) {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            throw SystemError("setns(\(path))", errno: Errno(rawValue: EINVAL))
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemError("open(\(path))") }
        defer { close(fd) }
        try Self.enter(descriptor: fd)
    }

    /// Moves the calling thread into the network namespace open on `descriptor` (a namespace
    /// file such as `/proc/PID/ns/net`), with the same caution as `enter()`.
    public static func enter(descriptor: Int32) throws(SystemError) {
        guard scanbench_setns_net(descriptor) == 0 else { throw SystemError("setns") }
    }
}
