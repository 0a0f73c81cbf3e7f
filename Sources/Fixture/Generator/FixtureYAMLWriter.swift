import StrictYAML
import Wire

/// Writes a `Fixture` as the YAML `FixtureLoader` reads, byte for byte the same for the same
/// fixture: keys in the schema's order (docs/FIXTURES.md), TXT keys sorted, numbers through
/// `NumberText`, strings plain when YAML 1.1 cannot misread them and double-quoted otherwise.
public struct FixtureYAMLWriter {
    private var lines: [String] = []

    /// The fixture as YAML, after `header` as `#` comment lines.
    public static func yaml(_ fixture: Fixture, header: [String] = []) -> String {
        var writer = FixtureYAMLWriter()
        writer.lines = header.map { $0.isEmpty ? "#" : "# \($0)" }
        writer.write(fixture)
        return writer.lines.joined(separator: "\n") + "\n"
    }

    // MARK: Scalars

    /// `text` as a scalar: StrictYAML's one plain-or-quoted rule.
    static func scalar(_ text: String) -> String { YAMLScalar.plainOrDoubleQuoted(text) }

    private static func list(_ numbers: [Int]) -> String {
        "[" + numbers.map(String.init).joined(separator: ", ") + "]"
    }

    // MARK: Lines

    private mutating func line(_ indent: Int, _ text: String) {
        lines.append(String(repeating: " ", count: indent) + text)
    }

    private mutating func value(_ indent: Int, _ key: String, _ text: String?) {
        if let text { line(indent, "\(key): \(Self.scalar(text))") }
    }

    private mutating func value(_ indent: Int, _ key: String, _ number: Double?) {
        if let number { line(indent, "\(key): \(NumberText.decimal(number))") }
    }

    private mutating func value(_ indent: Int, _ key: String, _ number: Int?) {
        if let number { line(indent, "\(key): \(number)") }
    }

    private mutating func value(_ indent: Int, _ key: String, _ flag: Bool?) {
        if let flag { line(indent, "\(key): \(flag)") }
    }

    /// A mapping of string values (absent ones left out).
    private mutating func mapping(_ indent: Int, _ key: String, _ values: [(String, String?)]) {
        line(indent, "\(key):")
        for (name, text) in values { value(indent + 2, name, text) }
    }

    /// A list of mappings: `write` emits each item's keys at `indent + 2`; the first key's line
    /// gets the `- ` marker.
    private mutating func items<T>(
        _ indent: Int,
        _ key: String,
        _ items: [T]?,
        _ write: (inout FixtureYAMLWriter, T) -> Void
    ) {
        guard let items, !items.isEmpty else { return }
        line(indent, "\(key):")
        for item in items {
            let start = lines.count
            write(&self, item)
            let body = lines[start].dropFirst(indent + 2)
            lines[start] = String(repeating: " ", count: indent) + "- " + body
        }
    }

    // MARK: The schema, in its order

    private mutating func write(_ fixture: Fixture) {
        value(0, "name", fixture.name)
        value(0, "description", fixture.description)
        value(0, "allow_non_benchmark_addresses", fixture.allowNonBenchmarkAddresses)
        line(0, "network:")
        line(2, "subnet: \(fixture.network.subnet)")
        line(2, "gateway: \(fixture.network.gateway)")
        value(2, "domain", fixture.network.domain)
        line(2, "scanner:")
        line(4, "ip: \(fixture.network.scanner.ip)")
        value(4, "mac", fixture.network.scanner.mac.description)
        if let link = fixture.network.scanner.link { write(link, at: 4) }
        if let wifi = fixture.network.scanner.wifi { write(wifi, at: 4) }
        if let upstream = fixture.upstream { write(upstream) }
        items(0, "devices", fixture.devices) { $0.write($1) }
    }

    private mutating func write(_ upstream: Fixture.Upstream) {
        line(0, "upstream:")
        value(2, "routers", upstream.routers)
        if let transit = upstream.transit { line(2, "transit: \(transit)") }
        line(2, "segment: \(upstream.segment)")
        items(2, "servers", upstream.servers) { writer, server in
            writer.value(4, "name", server.name)
            writer.line(4, "ip: \(server.ip)")
            writer.value(4, "hostname", server.hostname)
            writer.items(4, "whois", server.whois) { writer, entry in
                writer.value(6, "query", entry.query)
                writer.value(6, "refer", entry.refer)
                writer.value(6, "text", entry.text)
            }
            if let ports = server.tcpOpen { writer.line(4, "tcp_open: \(Self.list(ports))") }
        }
    }

    private mutating func write(_ stack: Fixture.IPStack) {
        line(2, "ip_stack:")
        value(4, "ttl", stack.ttl)
        value(4, "tcp_timestamps", stack.tcpTimestamps)
        value(4, "tcp_sack", stack.tcpSack)
        value(4, "tcp_window_scaling", stack.tcpWindowScaling)
        value(4, "tcp_window_scale", stack.tcpWindowScale)
        value(4, "tcp_ecn", stack.tcpECN)
        value(4, "mss", stack.mss)
        value(4, "initrwnd_segments", stack.initrwndSegments)
    }

    private mutating func write(_ device: Fixture.Device) {
        value(2, "name", device.name)
        line(2, "ip: \(device.ip)")
        value(2, "mac", device.mac.description)
        line(2, "category: \(device.category.rawValue)")
        value(2, "hostname", device.hostname)
        if let link = device.link { write(link, at: 2) }
        if let arp = device.arp {
            line(2, "arp:")
            value(4, "reply_delay_ms", arp.replyDelayMs)
            value(4, "reply_probability", arp.replyProbability)
        }
        if let powerSave = device.powerSave {
            line(2, "power_save:")
            value(4, "listen_interval", powerSave.listenInterval)
            value(4, "beacon_interval_ms", powerSave.beaconIntervalMs)
            value(4, "awake_ms", powerSave.awakeMs)
        }
        if let sleep = device.deepSleep {
            line(2, "deep_sleep:")
            value(4, "sleep_s", sleep.sleepS)
            value(4, "awake_s", sleep.awakeS)
            value(4, "phase_s", sleep.phaseS)
        }
        if let leave = device.leave {
            line(2, "leave:")
            line(4, "start_s: \(Self.interval(leave.startS))")
            line(4, "away_s: \(Self.interval(leave.awayS))")
            value(4, "new_address", leave.newAddress)
        }
        if let storm = device.mdnsStorm {
            line(2, "mdns_storm:")
            value(4, "per_second", storm.perSecond)
            line(4, "start_s: \(Self.interval(storm.startS))")
            line(4, "duration_s: \(Self.interval(storm.durationS))")
        }
        if let hostile = device.hostile {
            line(2, "hostile:")
            line(4, "protocols: [\(hostile.protocols.map(\.rawValue).joined(separator: ", "))]")
            line(4, "kinds: [\(hostile.kinds.map(\.rawValue).joined(separator: ", "))]")
        }
        value(2, "icmp_echo", device.icmpEcho)
        if let stack = device.ipStack { write(stack) }
        if let tcp = device.tcp {
            line(2, "tcp:")
            for (key, ports) in [("open", tcp.open), ("closed", tcp.closed), ("filtered", tcp.filtered)] {
                if let ports { line(4, "\(key): \(Self.list(ports))") }
            }
            if let policy = tcp.default { line(4, "default: \(policy.rawValue)") }
        }
        items(2, "udp", device.udp) { writer, service in
            writer.value(4, "port", service.port)
            writer.value(4, "reply", service.reply)
        }
        items(2, "mdns", device.mdns) { writer, service in
            writer.value(4, "type", service.type)
            writer.value(4, "instance", service.instance)
            writer.value(4, "port", service.port)
            if let txt = service.txt, !txt.isEmpty {
                writer.line(4, "txt:")
                for key in txt.keys.sorted() { writer.line(6, "\(Self.scalar(key)): \(Self.scalar(txt[key]!))") }
            }
            writer.value(4, "delay_ms", service.delayMs)
        }
        if let ssdp = device.ssdp {
            line(2, "ssdp:")
            value(4, "device_type", ssdp.deviceType)
            value(4, "uuid", ssdp.uuid)
            if let services = ssdp.services, !services.isEmpty {
                line(4, "services:")
                for service in services { line(6, "- \(Self.scalar(service))") }
            }
            value(4, "server", ssdp.server)
            value(4, "location_port", ssdp.locationPort)
            value(4, "location_path", ssdp.locationPath)
            value(4, "delay_ms", ssdp.delayMs)
        }
        if let upnp = device.upnp {
            mapping(
                2,
                "upnp",
                [
                    ("friendly_name", upnp.friendlyName), ("manufacturer", upnp.manufacturer),
                    ("model_name", upnp.modelName), ("model_number", upnp.modelNumber),
                ]
            )
        }
        items(2, "http", device.http) { writer, endpoint in
            writer.value(4, "port", endpoint.port)
            writer.value(4, "server", endpoint.server)
            writer.value(4, "title", endpoint.title)
            writer.value(4, "tls", endpoint.tls)
        }
        items(2, "banners", device.banners) { writer, banner in
            writer.value(4, "port", banner.port)
            writer.line(4, "protocol: \(banner.protocol.rawValue)")
            writer.value(4, "text", banner.text)
        }
        if let airplay = device.airplay {
            mapping(
                2,
                "airplay",
                [("model", airplay.model), ("name", airplay.name), ("source_version", airplay.sourceVersion)]
            )
        }
        if let cast = device.chromecast {
            mapping(
                2,
                "chromecast",
                [
                    ("name", cast.name), ("model_name", cast.modelName), ("manufacturer", cast.manufacturer),
                    ("build_version", cast.buildVersion),
                ]
            )
        }
        value(2, "wake_on_lan", device.wakeOnLAN)
        value(2, "notes", device.notes)
    }

    private static func interval(_ values: [Double]) -> String {
        "[" + values.map(NumberText.decimal).joined(separator: ", ") + "]"
    }

    private mutating func write(_ wifi: Fixture.ScannerWiFi, at indent: Int) {
        line(indent, "wifi:")
        for (key, gap) in [("roam", wifi.roam), ("association_loss", wifi.associationLoss)] {
            guard let gap else { continue }
            line(indent + 2, "\(key):")
            value(indent + 4, "per_hour", gap.perHour)
            line(indent + 4, "gap_ms: \(Self.interval(gap.gapMs))")
            if let linkDown = gap.linkDown { line(indent + 4, "link_down: \(linkDown)") }
            if let times = gap.atS { line(indent + 4, "at_s: \(Self.interval(times))") }
        }
        if let congestion = wifi.congestion {
            line(indent + 2, "congestion:")
            value(indent + 4, "per_hour", congestion.perHour)
            line(indent + 4, "duration_ms: \(Self.interval(congestion.durationMs))")
            value(indent + 4, "delay_ms", congestion.delayMs)
            value(indent + 4, "jitter_ms", congestion.jitterMs)
            value(indent + 4, "loss_percent", congestion.lossPercent)
        }
    }

    private mutating func write(_ link: Fixture.LinkImpairment, at indent: Int) {
        line(indent, "link:")
        value(indent + 2, "delay_ms", link.delayMs)
        value(indent + 2, "jitter_ms", link.jitterMs)
        value(indent + 2, "loss_percent", link.lossPercent)
        if let burst = link.burstLoss {
            line(indent + 2, "burst_loss:")
            value(indent + 4, "enter_percent", burst.enterPercent)
            value(indent + 4, "exit_percent", burst.exitPercent)
        }
    }
}
