import Foundation
import Spawn
import Testbed

/// Runs commands for the service integration tests and captures their output.
enum ServiceTestShell {
    struct Result: CustomStringConvertible {
        var status: Int32
        var output: String
        var description: String { "exit \(status): \(output)" }
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Runs `arguments` (found on PATH) through the testbed's `ChildProcess` (clean signal
    /// mask, reaped by us), standard error appended to the output; killed after `timeout` seconds.
    @discardableResult
    static func run(_ arguments: [String], timeout: TimeInterval = 30) -> Result {
        do {
            let result = try ChildProcess.run(arguments, timeout: timeout)
            return Result(status: result.status, output: result.stdout + result.stderr)
        } catch {
            return Result(status: -1, output: "\(error)")
        }
    }

    /// Runs `arguments` and throws unless they exit with 0.
    static func check(_ arguments: [String]) throws {
        let result = run(arguments)
        guard result.status == 0 else {
            throw Failure(message: "\(arguments.joined(separator: " ")) failed: \(result)")
        }
    }

    /// Whether namespaces can be made here: root and iproute2.
    static var canMakeNamespaces: Bool {
        getuid() == 0
            && (FileManager.default.fileExists(atPath: "/usr/sbin/ip")
                || FileManager.default.fileExists(atPath: "/sbin/ip"))
    }

    /// Two fresh namespaces joined by a veth pair, each with `eth0` up on its /24 address and a
    /// route for multicast: the device side at `deviceIP`, the client side at `clientIP`.
    /// - Returns: the two namespace names; `removePair(_:)` deletes them.
    static func namespacePair(
        stem: String,
        vethStem: String,
        deviceIP: String,
        clientIP: String
    ) throws -> (device: String, client: String) {
        let suffix = String(UInt16.random(in: 0...0xFFFF), radix: 16)
        let device = "\(stem)-\(String(repeating: "0", count: 4 - suffix.count))\(suffix)"
        let client = device + "-c"
        do {
            try check(["ip", "netns", "add", device])
            try check(["ip", "netns", "add", client])
            let veth = "\(vethStem)\(suffix)"
            try check([
                "ip", "link", "add", veth + "a", "netns", device, "type", "veth", "peer", "name", veth + "b", "netns",
                client,
            ])
            for (namespace, link, address) in [(device, veth + "a", deviceIP), (client, veth + "b", clientIP)] {
                try check(["ip", "-n", namespace, "link", "set", "lo", "up"])
                try check(["ip", "-n", namespace, "link", "set", link, "name", "eth0"])
                try check(["ip", "-n", namespace, "addr", "add", address + "/24", "dev", "eth0"])
                try check(["ip", "-n", namespace, "link", "set", "eth0", "up"])
                try check(["ip", "-n", namespace, "route", "add", "224.0.0.0/4", "dev", "eth0"])
            }
        } catch {
            removePair((device, client))
            throw error
        }
        return (device, client)
    }

    /// Deletes the namespaces of `namespacePair`.
    static func removePair(_ pair: (device: String, client: String)) {
        run(["ip", "netns", "delete", pair.device])
        run(["ip", "netns", "delete", pair.client])
    }
}
