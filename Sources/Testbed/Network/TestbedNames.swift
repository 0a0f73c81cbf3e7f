/// Names of everything one testbed creates. Every name carries the common prefix and the
/// testbed's id, so two testbeds never collide and `down` can find leftovers by name alone.
public struct TestbedNames: Sendable, Codable, Equatable {
    /// Prefix of every namespace name.
    public static let namespacePrefix = "scanbench-"
    /// Prefix of interface names in the root namespace (they must fit in 15 characters).
    public static let interfacePrefix = "sb"

    /// Four lower-case hex digits (or a name given by the user, up to 6 characters).
    public var id: String

    public init(id: String) { self.id = id }

    public var scannerNamespace: String { "\(Self.namespacePrefix)\(id)-scanner" }
    public func deviceNamespace(_ device: String) -> String { "\(Self.namespacePrefix)\(id)-\(device)" }
    public func routerNamespace(_ index: Int) -> String { "\(Self.namespacePrefix)\(id)-router\(index)" }
    public var remoteNamespace: String { "\(Self.namespacePrefix)\(id)-remote" }

    /// Root-namespace name of a TAP before it moves into its namespace, e.g. `sbab12t7`.
    public func tapName(_ index: Int) -> String { "\(Self.interfacePrefix)\(id)t\(index)" }

    /// This testbed's state, logs and generated files (under `StateRoot`).
    public var stateDirectory: String { "\(StateRoot.path)/\(id)" }
    /// The log of the controller that `testbed up --detach` starts in the background.
    public var controllerLog: String { "\(StateRoot.path)/controller-\(id).log" }
    /// `ip netns exec` bind-mounts files from here over /etc (we use it for resolv.conf).
    public func etcDirectory(_ namespace: String) -> String { "/etc/netns/\(namespace)" }

    /// Ids taken on this machine: those with state under this state root, and those of every
    /// namespace of ours (namespace names are machine-wide, whatever state root made them).
    public static func idsInUse() -> Set<String> {
        Set(TestbedState.allIDs()).union(TestbedCleaner.ourNamespaces().compactMap(id(ofNamespace:)))
    }

    /// True if `namespace` belongs to some testbed.
    public static func isOurs(_ namespace: String) -> Bool { namespace.hasPrefix(namespacePrefix) }

    /// The testbed id inside one of our namespace names.
    public static func id(ofNamespace namespace: String) -> String? {
        guard isOurs(namespace) else { return nil }
        return namespace.dropFirst(namespacePrefix.count).split(separator: "-").first.map(String.init)
    }

    /// Valid ids: 1-6 lower-case letters or digits.
    public static func isValidID(_ id: String) -> Bool {
        (1...6).contains(id.count) && id.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }
}
