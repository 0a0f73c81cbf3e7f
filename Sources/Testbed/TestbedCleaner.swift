import Foundation
import TestbedPlatform

/// Removes what testbeds created — namespaces (with their interfaces, nftables tables and
/// processes), leftover TAP/veth interfaces, `/etc/netns` files and state — idempotently, and
/// without needing the process that built it: everything is found by its name.
///
/// A testbed belongs to the state root (`StateRoot`) that holds its state directory. That claim
/// outlives a crash: `TestbedBuilder` writes `<root>/<id>/state.json` before it creates the first
/// namespace, and `remove` deletes the directory only once the last namespace is gone. So
/// `removeOwn` finds every testbed of its state root, also one whose controller died, and leaves
/// alone the namespaces no testbed of its root claims (another state root's, or left without state).
public enum TestbedCleaner {
    /// What `removeOwn` did.
    public struct Removal: Sendable {
        /// Ids of the testbeds of this state root, now removed.
        public var removed: [String]
        /// Namespaces of ours that no testbed of this state root claims, left in place.
        public var leftAlone: [String]
        /// Testbeds of this state root in use by a running job (id and the job's pid), left in place.
        public var inUse: [(id: String, owner: Int32)] = []
    }

    /// Removes every testbed of this state root (those with state under it), whether or not its
    /// controller is alive, but those a running job owns (`TestbedState.ownerAlive`): a clean-up on
    /// a shared state root must not take LANs from under another job's runs (it did: two reference
    /// jobs died together when their LANs went down underneath them). Such a LAN goes down with its
    /// job; `remove(id:)` takes one anyway.
    @discardableResult
    public static func removeOwn(log: @escaping @Sendable (String) -> Void) -> Removal {
        var removed: [String] = []
        var inUse: [(id: String, owner: Int32)] = []
        for id in TestbedState.allIDs() {
            if let state = TestbedState.load(id: id), state.ownerAlive, let owner = state.ownerPID {
                inUse.append((id, owner))
            } else {
                remove(id: id, log: log)
                removed.append(id)
            }
        }
        if ourNamespaces().isEmpty { NeighbourLimits.restore() }
        return Removal(removed: removed, leftAlone: unclaimedNamespaces(), inUse: inUse)
    }

    /// Removes this state root's testbeds whose controller is gone — killed together with the run
    /// that owned them, say, so nothing would ever take them down — and leaves every testbed with a
    /// live controller alone (another job's, or one being built). Once no testbed namespace is left
    /// on the machine, the neighbour-table limits a dead job left raised are restored.
    /// - Returns: the ids removed.
    @discardableResult
    public static func removeAbandoned(log: @escaping @Sendable (String) -> Void) -> [String] {
        let abandoned = TestbedState.allIDs().filter { id in
            TestbedState.load(id: id).map { !$0.controllerAlive } ?? false
        }
        for id in abandoned { remove(id: id, log: log) }
        if ourNamespaces().isEmpty { NeighbourLimits.restore() }
        return abandoned
    }

    /// Removes one testbed, whichever state root it belongs to (its controller is stopped only
    /// when its state is under this one).
    public static func remove(id: String, log: @escaping @Sendable (String) -> Void) {
        // The id becomes paths under the state root: "" or "../x" would delete far more than a testbed.
        guard TestbedNames.isValidID(id) else {
            log("'\(id)' is not a testbed id (1-6 lower-case letters or digits): nothing removed")
            return
        }
        let names = TestbedNames(id: id)
        var stopped: Int32?
        let state = TestbedState.load(id: id)
        // A controller taking its own half-built LAN down keeps its log: its error is in there, for
        // `testbed up --detach` to show (it removes the log once read; `down` removes it too).
        let isOwnController = state?.controllerPID == ProcessControl.currentID
        if let state, !isOwnController, state.controllerAlive {
            stopController(pid: state.controllerPID)
            stopped = state.controllerPID
        }
        let namespaces = namespaces(of: id)
        var killed = 0
        for namespace in namespaces {
            let pids =
                (try? SystemTool.run(["ip", "netns", "pids", namespace]))?
                .split(separator: "\n").compactMap { Int32($0.trimmingCharacters(in: .whitespaces)) } ?? []
            for pid in pids where pid != ProcessControl.currentID {
                ProcessControl.send(SIGKILL, to: pid)
                killed += 1
            }
        }
        for namespace in namespaces {
            SystemTool.attempt(["ip", "netns", "del", namespace])
            try? FileManager.default.removeItem(atPath: names.etcDirectory(namespace))
        }
        let prefix = "\(TestbedNames.namespacePrefix)\(id)-"
        for etc in (try? FileManager.default.contentsOfDirectory(atPath: "/etc/netns")) ?? []
        where etc.hasPrefix(prefix) {
            try? FileManager.default.removeItem(atPath: "/etc/netns/\(etc)")
        }
        for link in leftoverLinks(id: id) { SystemTool.attempt(["ip", "link", "del", link]) }
        let remaining = Self.namespaces(of: id)
        guard remaining.isEmpty else {
            // The state directory is this state root's claim on the testbed: keep it while any of it exists.
            log(
                "testbed \(id): could not delete \(remaining.count) namespaces (\(remaining.joined(separator: ", "))); "
                    + "its state stays in \(names.stateDirectory), run 'scanbench testbed down --id \(id)' again"
            )
            return
        }
        try? FileManager.default.removeItem(atPath: names.stateDirectory)
        if !isOwnController { try? FileManager.default.removeItem(atPath: TestbedNames(id: id).controllerLog) }
        if ourNamespaces().isEmpty { NeighbourLimits.restore() }
        if !namespaces.isEmpty {
            log("removed testbed \(id): \(namespaces.count) namespaces, \(killed) processes")
        } else if let stopped {
            log("removed testbed \(id): its controller (pid \(stopped)) took it down")
        }
    }

    /// Asks a controller to stop and tear down, then makes sure it is gone.
    static func stopController(pid: Int32) {
        ProcessSignals.terminate([pid], grace: .seconds(3))
    }

    /// Namespace names that carry our prefix, whatever state root made them.
    public static func ourNamespaces() -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/run/netns")) ?? []
        return entries.filter(TestbedNames.isOurs).sorted()
    }

    /// One testbed's namespaces (`scanbench-<id>-…`).
    static func namespaces(of id: String) -> [String] {
        ourNamespaces().filter { $0.hasPrefix("\(TestbedNames.namespacePrefix)\(id)-") }
    }

    /// Our namespaces whose testbed has no state under this state root: another state root's, or
    /// left by a testbed whose state is gone. Only `remove(id:)` deletes them.
    public static func unclaimedNamespaces() -> [String] {
        let claimed = Set(TestbedState.allIDs())
        return ourNamespaces().filter { TestbedNames.id(ofNamespace: $0).map { !claimed.contains($0) } ?? true }
    }

    /// Root-namespace interfaces of testbed `id` named like its TAPs and veths (`sb<id>t<n>`,
    /// `sb<id>v<n>a`), and not those of a longer id that starts the same (`sb<id>t3t0`).
    static func leftoverLinks(id: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/sys/class/net")) ?? []
        let pattern = "^\(TestbedNames.interfacePrefix)\(id)(t[0-9]+|v[0-9]+[ab])$"
        return entries.filter { $0.range(of: pattern, options: .regularExpression) != nil }
    }
}
