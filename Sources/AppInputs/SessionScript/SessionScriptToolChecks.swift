import StrictYAML
import Wire

/// The loader's checks of the `wol`, `browse`, `detail` and `monitor` actions: each bad value is an error
/// at its line with the fix.
enum SessionScriptToolChecks {
    static func check(_ wol: SessionScript.WakeOnLAN, _ at: YAMLPath, _ document: YAMLDocument) throws {
        if !(wol.target.hasPrefix("$") && wol.target.count > 1) {
            if MACAddress(wol.target) == nil {
                throw document.error(
                    at: at.appending(key: "target"),
                    "target '\(wol.target)' is neither a MAC address nor a $name",
                    fix: "write a MAC such as 00:00:5e:00:53:01, or $name and run with --target name=MAC"
                )
            }
        }
        guard IPv4Address(wol.broadcast) != nil else {
            throw document.error(
                at: at.appending(key: "broadcast"),
                "broadcast '\(wol.broadcast)' is not an IPv4 address",
                fix: "write e.g. 255.255.255.255 (NetMonitor's default) or the subnet's broadcast address"
            )
        }
        guard (1...65535).contains(wol.port) else {
            throw document.error(
                at: at.appending(key: "port"),
                "port \(wol.port) is out of range",
                fix: "write 1 to 65535 (NetMonitor: 9)"
            )
        }
    }

    static func check(_ browse: SessionScript.Browse, _ at: YAMLPath, _ document: YAMLDocument) throws {
        try checkWindow(browse.windowS, at.appending(key: "window_s"), document)
        for (i, type) in (browse.types ?? []).enumerated() where !isServiceType(type) {
            throw document.error(
                at: at.appending(key: "types").appending(index: i),
                "'\(type)' is not a DNS-SD service type",
                fix: "write _name._tcp or _name._udp, e.g. _ssh._tcp"
            )
        }
        if browse.types?.isEmpty == true {
            throw document.error(
                at: at.appending(key: "types"),
                "types is empty",
                fix: "list service types, or leave types out for the app's declared ones"
            )
        }
    }

    static func check(_ monitor: SessionScript.Monitor, _ at: YAMLPath, _ document: YAMLDocument) throws {
        guard (1...50).contains(monitor.targets.count) else {
            throw document.error(
                at: at.appending(key: "targets"),
                "targets lists \(monitor.targets.count) hosts",
                fix: "list 1 to 50 addresses or $names"
            )
        }
        guard (1...1000).contains(monitor.rounds) else {
            throw document.error(
                at: at.appending(key: "rounds"),
                "rounds \(monitor.rounds) is out of range",
                fix: "write 1 to 1000"
            )
        }
        guard (100...3_600_000).contains(monitor.intervalMs) else {
            throw document.error(
                at: at.appending(key: "interval_ms"),
                "interval_ms \(monitor.intervalMs) is out of range",
                fix: "write 100 to 3600000 milliseconds between the starts of passes"
            )
        }
        if let t = monitor.timeoutMs, !(1...60_000).contains(t) {
            throw document.error(
                at: at.appending(key: "timeout_ms"),
                "timeout_ms \(t) is out of range",
                fix: "write 1 to 60000 milliseconds, or leave it out for the strategy's tools.ping.timeout_ms"
            )
        }
    }

    static func checkWindow(_ seconds: Double, _ at: YAMLPath, _ document: YAMLDocument) throws {
        guard seconds > 0 && seconds <= 120 else {
            throw document.error(
                at: at,
                "window_s \(seconds) is out of range",
                fix: "write above 0 and at most 120 seconds (NetMonitor: 10)"
            )
        }
    }

    /// `_name._tcp` or `_name._udp`.
    static func isServiceType(_ text: String) -> Bool {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count == 2 && labels[0].hasPrefix("_") && labels[0].count > 1
            && ["_tcp", "_udp"].contains(labels[1])
    }
}
