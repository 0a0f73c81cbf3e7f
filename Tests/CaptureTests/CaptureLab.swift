import Foundation

/// A throwaway two-namespace LAN for capture integration tests:
/// `scanbench-captest-<hex>-a` (198.19.77.1/24, the scanner) and `…-b` (198.19.77.2/24),
/// joined by a veth pair created directly inside the namespaces, so this machine's own
/// interfaces are never touched. `with(_:)` always deletes both namespaces, also on failure.
struct CaptureLab: Sendable {
    let tag: String
    var namespaceA: String { "scanbench-captest-\(tag)-a" }
    var namespaceB: String { "scanbench-captest-\(tag)-b" }
    var interfaceA: String { "sbct\(tag)a" }
    var interfaceB: String { "sbct\(tag)b" }
    static let addressA = "198.19.77.1"
    static let addressB = "198.19.77.2"
    /// In the subnet, never assigned: probes to it go unanswered (ARP requests only).
    static let absentAddress = "198.19.77.9"

    /// True when this process can create namespaces and the tools exist.
    static var isUsable: Bool {
        getuid() == 0 && ["ip", "nmap", "ping", "python3", "tshark"].allSatisfy(Shell.exists)
    }

    /// Builds the LAN, runs `body`, and tears the LAN down whatever happens.
    static func with<T>(_ body: (CaptureLab) async throws -> T) async throws -> T {
        let lab = CaptureLab(tag: String(format: "%04x", UInt16.random(in: 0...UInt16.max)))
        do {
            try lab.setUp()
            let result = try await body(lab)
            lab.tearDown()
            return result
        } catch {
            lab.tearDown()
            throw error
        }
    }

    private func setUp() throws {
        try Shell.run(["ip", "netns", "add", namespaceA], check: true)
        try Shell.run(["ip", "netns", "add", namespaceB], check: true)
        try Shell.run(["ip", "link", "add", interfaceA, "netns", namespaceA, "type", "veth",
                       "peer", "name", interfaceB, "netns", namespaceB], check: true)
        for (ns, interface, address) in [(namespaceA, interfaceA, Self.addressA), (namespaceB, interfaceB, Self.addressB)] {
            try exec(ns, ["ip", "link", "set", "lo", "up"])
            try exec(ns, ["ip", "addr", "add", "\(address)/24", "dev", interface])
            try exec(ns, ["ip", "link", "set", interface, "up"])
            // Multicast (mDNS, SSDP) leaves through the veth, not a default route there is none of.
            try exec(ns, ["ip", "route", "add", "224.0.0.0/4", "dev", interface])
        }
        // Wait for the veth carrier on both ends.
        for _ in 0..<50 {
            let a = try exec(namespaceA, ["cat", "/sys/class/net/\(interfaceA)/operstate"], check: false).stdout
            let b = try exec(namespaceB, ["cat", "/sys/class/net/\(interfaceB)/operstate"], check: false).stdout
            if a.hasPrefix("up") && b.hasPrefix("up") { return }
            usleep(20_000)
        }
    }

    func tearDown() {
        _ = try? Shell.run(["ip", "netns", "del", namespaceA])
        _ = try? Shell.run(["ip", "netns", "del", namespaceB])
    }

    /// Runs a command inside namespace `ns`.
    @discardableResult
    func exec(_ ns: String, _ command: [String], check: Bool = true) throws -> Shell.Result {
        try Shell.run(["ip", "netns", "exec", ns] + command, check: check)
    }

    /// Starts a background command inside namespace `ns`.
    func spawn(_ ns: String, _ command: [String]) throws -> Process {
        try Shell.spawn(["ip", "netns", "exec", ns] + command)
    }
}
