import TestbedPlatform
import Foundation
import Spawn

/// What this machine must offer before a testbed can be built, checked up front so that a
/// first run on a fresh machine fails with what is wrong and the command that fixes it — never
/// with a half-built LAN or a Foundation error dump.
///
/// | requirement | how it is checked | usual cause when missing |
/// |---|---|---|
/// | root | `geteuid() == 0` | started without sudo |
/// | `/dev/net/tun` | opened read-write (the kernel loads `tun` on open) | a container without the device |
/// | network namespaces | `unshare --net true` succeeds | an unprivileged container |
/// | `ip`, `nft`, `dnsmasq`, `sysctl`, `unshare` | found on PATH or in sbin | `scripts/bootstrap.sh` never ran |
/// | the state root | created if missing (`StateRoot.prepare`) | `SCANBENCH_STATE_DIR` not writable |
public enum HostRequirements {
    /// The programs a testbed is built with.
    static let programs = ["ip", "nft", "dnsmasq", "sysctl", "unshare"]

    /// Checks every requirement and reports all that fail at once.
    /// - Parameter command: what the user ran ("run", "testbed up"), for the message.
    /// - Throws: `TestbedError` listing each problem with its fix.
    public static func check(for command: String) throws {
        try Privileges.requireRoot(for: command)
        var problems: [(what: String, fix: String)] = []
        let missing = programs.filter { (try? ExecutableSearch.locate($0)) == nil }
        if !missing.isEmpty {
            let packages = Set(missing.map(ExecutableSearch.package(for:))).sorted().joined(separator: " ")
            problems.append(
                (
                    "missing programs: \(missing.joined(separator: ", "))",
                    "apt-get update && apt-get install -y \(packages) (or run ./scripts/bootstrap.sh)"
                )
            )
        }
        if let problem = tunProblem() { problems.append(problem) }
        if !missing.contains("unshare"), let problem = namespaceProblem() { problems.append(problem) }
        do { try StateRoot.prepare() } catch let error as TestbedError { problems.append((error.message, error.fix)) }
        guard !problems.isEmpty else { return }
        if problems.count == 1 { throw TestbedError("\(command): \(problems[0].what)", fix: problems[0].fix) }
        let lines = problems.enumerated().map {
            "\n  \($0.offset + 1). \($0.element.what)\n     fix: \($0.element.fix)"
        }.joined()
        throw TestbedError(
            "\(command) cannot build a LAN on this machine:\(lines)",
            fix: "fix the problems above, then try again"
        )
    }

    /// Nil when a TAP device can be opened.
    static func tunProblem() -> (what: String, fix: String)? {
        guard let problem = TAPDevice.cloneDeviceProblem() else { return nil }
        let reason = problem.reason
        return (
            "cannot open /dev/net/tun (\(reason)): the userspace switch needs TAP devices",
            "modprobe tun; in a container, pass the device (docker run --device /dev/net/tun --cap-add NET_ADMIN --cap-add SYS_ADMIN, or --privileged)"
        )
    }

    /// Nil when this process may create network namespaces.
    static func namespaceProblem() -> (what: String, fix: String)? {
        guard let result = try? ChildProcess.run(["unshare", "--net", "true"], timeout: 10) else {
            return ("cannot run 'unshare --net true' to check network namespaces", "install util-linux")
        }
        guard result.status != 0 else { return nil }
        let said = result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        return (
            "network namespaces are not permitted here (unshare --net: \(said.isEmpty ? "exit \(result.status)" : said))",
            "run as root on the host, or in a privileged container (docker run --privileged, or --cap-add SYS_ADMIN --cap-add NET_ADMIN)"
        )
    }
}
