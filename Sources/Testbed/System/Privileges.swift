import TestbedPlatform
/// Checks for the privileges namespaces need.
public enum Privileges {
    /// - Throws: `TestbedError` when not running as root.
    public static func requireRoot(for what: String) throws {
        guard ProcessControl.isSuperuser else {
            throw TestbedError(
                "\(what) needs root: it creates network namespaces and TAP devices",
                fix: "run it with sudo, or as root"
            )
        }
    }
}
