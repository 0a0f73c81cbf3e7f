import Foundation
import Glibc
import TestbedPlatform

/// Removes what testbeds created — namespaces (with their interfaces, nftables tables and
/// processes), leftover TAP/veth interfaces, `/etc/netns` files and state — idempotently, and
/// without needing the process that built it: everything is found by its name prefix.
public enum TestbedCleaner {
    /// Removes every testbed. Returns the ids removed.
    @discardableResult
    public static func removeAll(log: @escaping @Sendable (String) -> Void) -> [String] {
        let ids = Set(TestbedState.allIDs()).union(ourNamespaces().compactMap(TestbedNames.id(ofNamespace:)))
        for id in ids.sorted() { remove(id: id, log: log) }
        for link in leftoverLinks(id: nil) { SystemTool.attempt(["ip", "link", "del", link]) }
        if ids.isEmpty { NeighbourLimits.restore() }
        return ids.sorted()
    }

    /// Removes one testbed.
    public static func remove(id: String, log: @escaping @Sendable (String) -> Void) {
        let names = TestbedNames(id: id)
        if let state = TestbedState.load(id: id), state.controllerPID != getpid(), state.controllerAlive {
            stopController(pid: state.controllerPID)
        }
        let prefix = "\(TestbedNames.namespacePrefix)\(id)-"
        let namespaces = ourNamespaces().filter { $0.hasPrefix(prefix) }
        var killed = 0
        for namespace in namespaces {
            let pids = (try? SystemTool.run(["ip", "netns", "pids", namespace]))?
                .split(separator: "\n").compactMap { Int32($0.trimmingCharacters(in: .whitespaces)) } ?? []
            for pid in pids where pid != getpid() {
                kill(pid, SIGKILL)
                killed += 1
            }
        }
        for namespace in namespaces {
            SystemTool.attempt(["ip", "netns", "del", namespace])
            try? FileManager.default.removeItem(atPath: names.etcDirectory(namespace))
        }
        for etc in (try? FileManager.default.contentsOfDirectory(atPath: "/etc/netns")) ?? [] where etc.hasPrefix(prefix) {
            try? FileManager.default.removeItem(atPath: "/etc/netns/\(etc)")
        }
        for link in leftoverLinks(id: id) { SystemTool.attempt(["ip", "link", "del", link]) }
        try? FileManager.default.removeItem(atPath: names.stateDirectory)
        try? FileManager.default.removeItem(atPath: TestbedNames(id: id).controllerLog)
        if TestbedState.allIDs().isEmpty && ourNamespaces().isEmpty { NeighbourLimits.restore() }
        if !namespaces.isEmpty {
            log("removed testbed \(id): \(namespaces.count) namespaces, \(killed) processes")
        }
    }

    /// Asks a controller to stop and tear down, then makes sure it is gone.
    static func stopController(pid: Int32) {
        ProcessSignals.terminate([pid], grace: .seconds(3))
    }

    /// Namespace names that carry our prefix.
    public static func ourNamespaces() -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/run/netns")) ?? []
        return entries.filter(TestbedNames.isOurs).sorted()
    }

    /// Root-namespace interfaces named like our TAPs/veths (`sb<id>t<n>`, `sb<id>v<n>a`).
    static func leftoverLinks(id: String?) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/sys/class/net")) ?? []
        return entries.filter { name in
            guard name.hasPrefix(TestbedNames.interfacePrefix) else { return false }
            let rest = name.dropFirst(TestbedNames.interfacePrefix.count)
            if let id { return rest.hasPrefix(id) && (rest.dropFirst(id.count).first == "t" || rest.dropFirst(id.count).first == "v") }
            return rest.range(of: #"^[a-z0-9]{1,6}[tv][0-9]+[ab]?$"#, options: .regularExpression) != nil
        }
    }
}
