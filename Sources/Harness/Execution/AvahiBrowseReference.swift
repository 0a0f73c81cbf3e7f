import Spawn
import Testbed
import TestbedPlatform

/// `AvahiBrowse` run by the harness in a testbed's scanner namespace, after a session that browsed Bonjour.
enum AvahiBrowseReference {
    /// Browses in `namespace` for `seconds`.
    /// - Throws: `HarnessError` when the script cannot run or fails before browsing.
    static func resolved(in namespace: String, seconds: Int) throws -> Set<AvahiBrowse.Entry> {
        let arguments = NetworkNamespace(namespace).command(["sh", "-c", AvahiBrowse.script(seconds: seconds)])
        let output: (status: Int32, stdout: String, stderr: String)
        do { output = try ChildProcess.run(arguments, timeout: Double(seconds) + 30) } catch {
            throw HarnessError(
                "avahi-browse could not run in \(namespace): \(error)",
                fix: "install avahi-daemon, avahi-utils and dbus"
            )
        }
        guard output.status == 0 else {
            throw HarnessError(
                "avahi-browse in \(namespace) exited with \(output.status): \(output.stderr.suffix(300))",
                fix: "check that avahi-daemon, avahi-utils and dbus are installed"
            )
        }
        return AvahiBrowse.entries(in: output.stdout)
    }
}
