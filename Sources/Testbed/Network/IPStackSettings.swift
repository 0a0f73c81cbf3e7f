import Fixture
import TestbedPlatform

/// Gives each device's namespace the TTL and TCP options of its fixture's `ip_stack`: the
/// per-namespace sysctls (`net.ipv4.ip_default_ttl`, `tcp_timestamps`, `tcp_sack`,
/// `tcp_window_scaling`, `tcp_ecn`, `tcp_rmem`) and the `advmss`/`initrwnd` attributes of every
/// route in the namespace, so a SYN/ACK to the scanner carries them. A model of the device's OS
/// on the testbed's Linux kernel (docs/FIXTURES.md, "IP stack").
enum IPStackSettings {
    /// Applies every device's stack; runs after the routes exist (route attributes need them).
    static func apply(_ devices: [Fixture.Device], names: TestbedNames) throws {
        for device in devices {
            guard let stack = device.ipStack else { continue }
            let namespace = NetworkNamespace(names.deviceNamespace(device.name))
            if !stack.sysctlSettings.isEmpty {
                try SystemTool.run(namespace.command(["sysctl", "-q", "-w"] + stack.sysctlSettings))
            }
            let attributes = stack.routeAttributes
            guard !attributes.isEmpty else { continue }
            let routes = try SystemTool.run(["ip", "-n", namespace.name, "-o", "-4", "route", "show"])
            let batch = routes.split(separator: "\n").map {
                "route change \(Self.withoutMetrics($0)) \(attributes.joined(separator: " "))\n"
            }.joined()
            if !batch.isEmpty { try SystemTool.run(["ip", "-n", namespace.name, "-batch", "-"], input: batch) }
        }
    }

    /// A route line from `ip route show` without the attributes this type sets (a second
    /// `advmss` on one line is an error).
    static func withoutMetrics(_ line: Substring) -> String {
        var words = line.split(separator: " ").map(String.init)
        for key in ["advmss", "initrwnd"] {
            if let index = words.firstIndex(of: key), index + 1 < words.count {
                words.removeSubrange(index...index + 1)
            }
        }
        return words.joined(separator: " ")
    }
}
