import StrictYAML
import Wire

/// The checks a fixture must pass beyond its schema: addresses in range and unique, ports
/// valid and in one state each, services on open ports, probabilities in range.
struct FixtureValidator {
    let fixture: Fixture
    let document: YAMLDocument

    /// RFC 2544's benchmarking range, the only addresses a fixture may use unless it opts out.
    static let benchmarkRange = IPv4Network("198.18.0.0/15")!

    func validate() throws {
        try checkNetwork()
        var seenNames: [String: Int] = [:]
        var seenIPs: [IPv4Address: String] = [fixture.network.scanner.ip: "the scanner"]
        var seenMACs: [MACAddress: String] = [fixture.network.scanner.mac: "the scanner"]
        for (index, device) in fixture.devices.enumerated() {
            let path: YAMLPath = [.key("devices"), .index(index)]
            try checkName(device.name, at: path.appending(key: "name"))
            if let other = seenNames[device.name] {
                throw document.error(
                    at: path.appending(key: "name"),
                    "device name '\(device.name)' is used twice (also devices[\(other)])",
                    fix: "give every device its own name"
                )
            }
            seenNames[device.name] = index
            try checkAddress(device.ip, at: path.appending(key: "ip"), in: fixture.network.subnet)
            if let other = seenIPs[device.ip] {
                throw document.error(
                    at: path.appending(key: "ip"),
                    "\(device.ip) is already used by \(other)",
                    fix: "give every device its own address"
                )
            }
            seenIPs[device.ip] = "device '\(device.name)'"
            if let other = seenMACs[device.mac] {
                throw document.error(
                    at: path.appending(key: "mac"),
                    "\(device.mac) is already used by \(other)",
                    fix: "give every device its own MAC address"
                )
            }
            if device.mac.isMulticast || device.mac == .zero {
                throw document.error(
                    at: path.appending(key: "mac"),
                    "\(device.mac) is not a unicast MAC address",
                    fix: "use a MAC whose first octet is even, e.g. 02:..."
                )
            }
            seenMACs[device.mac] = "device '\(device.name)'"
            try checkDevice(device, at: path)
        }
        try checkUniqueAcrossDevices(
            "hostname",
            fix: "give every device its own host name (the gateway's DNS serves one address per name)"
        ) { $0.hostname }
        try checkUniqueAcrossDevices("ssdp", fix: "give every UPnP device its own uuid") { $0.ssdp?.uuid }
        guard fixture.devices.contains(where: { $0.ip == fixture.network.gateway }) else {
            throw document.error(
                at: ["network", "gateway"],
                "no device has the gateway address \(fixture.network.gateway)",
                fix: "add a device with ip \(fixture.network.gateway) (category router), or change network.gateway"
            )
        }
        if let upstream = fixture.upstream { try checkUpstream(upstream, usedIPs: seenIPs) }
        try checkReturnAddresses()
    }

    /// Every `leave` with `new_address: true` has a free address of the subnet to come back on.
    private func checkReturnAddresses() throws {
        let movers = fixture.devices.indices.filter { fixture.devices[$0].leave?.newAddress == true }
        let drawn = fixture.returnAddresses(seed: 0)
        guard let short = movers.first(where: { drawn[fixture.devices[$0].name] == nil }) else { return }
        throw document.error(
            at: [.key("devices"), .index(short), .key("leave"), .key("new_address")],
            "\(fixture.network.subnet) has no free address left for device '\(fixture.devices[short].name)' to come back on",
            fix: "use a larger subnet, or fewer devices with new_address: true"
        )
    }

    private func checkUniqueAcrossDevices(_ key: String, fix: String, _ value: (Fixture.Device) -> String?) throws {
        var seen: [String: String] = [:]
        for (index, device) in fixture.devices.enumerated() {
            guard let value = value(device)?.lowercased() else { continue }
            if let other = seen[value] {
                throw document.error(
                    at: [.key("devices"), .index(index), .key(key)],
                    "'\(value)' is also used by device '\(other)'",
                    fix: fix
                )
            }
            seen[value] = device.name
        }
    }

    private func checkNetwork() throws {
        let network = fixture.network
        if fixture.allowNonBenchmarkAddresses != true && !Self.isBenchmark(network.subnet) {
            throw document.error(
                at: ["network", "subnet"],
                "\(network.subnet) is outside 198.18.0.0/15",
                fix: "use addresses in 198.18.0.0/15 (RFC 2544), or set allow_non_benchmark_addresses: true on purpose"
            )
        }
        guard (8...30).contains(network.subnet.prefixLength) else {
            throw document.error(
                at: ["network", "subnet"],
                "a /\(network.subnet.prefixLength) LAN is not supported",
                fix: "use a prefix between /8 and /30"
            )
        }
        try checkAddress(network.gateway, at: ["network", "gateway"], in: network.subnet)
        try checkAddress(network.scanner.ip, at: ["network", "scanner", "ip"], in: network.subnet)
        if let link = network.scanner.link { try checkLink(link, at: ["network", "scanner", "link"]) }
        if let wifi = network.scanner.wifi { try checkScannerWiFi(wifi, at: ["network", "scanner", "wifi"]) }
    }

    private func checkDevice(_ device: Fixture.Device, at path: YAMLPath) throws {
        if let link = device.link { try checkLink(link, at: path.appending(key: "link")) }
        if let arp = device.arp {
            if let p = arp.replyProbability, !(0...1).contains(p) {
                throw document.error(
                    at: path.appending(key: "arp").appending(key: "reply_probability"),
                    "reply_probability \(p) is not between 0 and 1",
                    fix: "write a value from 0 (never) to 1 (always)"
                )
            }
            if let d = arp.replyDelayMs, !Fixture.ARPBehaviour.replyDelayRangeMs.contains(d) {
                throw document.error(
                    at: path.appending(key: "arp").appending(key: "reply_delay_ms"),
                    "reply_delay_ms \(d) is out of range",
                    fix: "write \(Self.text(Fixture.ARPBehaviour.replyDelayRangeMs)) milliseconds"
                )
            }
        }
        if let powerSave = device.powerSave { try checkPowerSave(powerSave, at: path.appending(key: "power_save")) }
        if let deepSleep = device.deepSleep { try checkDeepSleep(deepSleep, at: path.appending(key: "deep_sleep")) }
        if let leave = device.leave { try checkLeave(leave, at: path.appending(key: "leave")) }
        if let storm = device.mdnsStorm { try checkMDNSStorm(storm, at: path.appending(key: "mdns_storm")) }
        if let hostile = device.hostile { try checkHostile(hostile, of: device, at: path.appending(key: "hostile")) }
        if let hostname = device.hostname { try checkHostname(hostname, at: path.appending(key: "hostname")) }
        if let stack = device.ipStack { try checkIPStack(stack, at: path.appending(key: "ip_stack")) }
        let tcp = device.tcpPorts
        var states: [Int: String] = [:]
        for (key, ports) in [("open", tcp.openPorts), ("closed", tcp.closedPorts), ("filtered", tcp.filteredPorts)] {
            for (i, port) in ports.enumerated() {
                let portPath = path.appending(key: "tcp").appending(key: key).appending(index: i)
                try checkPort(port, at: portPath)
                if let other = states[port] {
                    throw document.error(
                        at: portPath,
                        other == key
                            ? "TCP port \(port) is listed twice in \(key)"
                            : "TCP port \(port) is listed as both \(other) and \(key)",
                        fix: "keep the port once, in one list"
                    )
                }
                states[port] = key
            }
        }
        func requireOpen(_ port: Int, for service: String, at servicePath: YAMLPath) throws {
            try checkPort(port, at: servicePath)
            guard tcp.openPorts.contains(port) else {
                throw document.error(
                    at: servicePath,
                    "\(service) listens on TCP \(port), which is not in tcp.open",
                    fix: "add \(port) to this device's tcp.open list"
                )
            }
        }
        for (i, endpoint) in (device.http ?? []).enumerated() {
            try requireOpen(
                endpoint.port,
                for: "http",
                at: path.appending(key: "http").appending(index: i).appending(key: "port")
            )
        }
        for (i, banner) in (device.banners ?? []).enumerated() {
            try requireOpen(
                banner.port,
                for: "banner",
                at: path.appending(key: "banners").appending(index: i).appending(key: "port")
            )
        }
        if let ssdp = device.ssdp {
            try requireOpen(
                ssdp.locationPort,
                for: "ssdp description",
                at: path.appending(key: "ssdp").appending(key: "location_port")
            )
            if let delay = ssdp.delayMs, !Fixture.SSDPService.delayRangeMs.contains(delay) {
                throw document.error(
                    at: path.appending(key: "ssdp").appending(key: "delay_ms"),
                    "delay_ms \(delay) is out of range",
                    fix: "write \(Self.text(Fixture.SSDPService.delayRangeMs)) milliseconds (SSDP caps MX at 5 s)"
                )
            }
            if device.upnp == nil {
                throw document.error(
                    at: path.appending(key: "ssdp"),
                    "an SSDP device needs a UPnP description",
                    fix: "add an 'upnp:' mapping (friendly_name, manufacturer, model_name) to this device"
                )
            }
        }
        if device.airplay != nil { try requireOpen(7000, for: "airplay /info", at: path.appending(key: "airplay")) }
        if device.chromecast != nil {
            try requireOpen(8008, for: "chromecast eureka_info", at: path.appending(key: "chromecast"))
        }
        for (i, service) in (device.mdns ?? []).enumerated() {
            let servicePath = path.appending(key: "mdns").appending(index: i)
            // DNS-SD allows port 0 ("no service here"), e.g. _device-info._tcp.
            if service.port != 0 { try checkPort(service.port, at: servicePath.appending(key: "port")) }
            let parts = service.type.split(separator: ".")
            guard parts.count == 2, parts[0].hasPrefix("_"), ["_tcp", "_udp"].contains(parts[1]) else {
                throw document.error(
                    at: servicePath.appending(key: "type"),
                    "'\(service.type)' is not a DNS-SD service type",
                    fix: "write _name._tcp or _name._udp, e.g. _airplay._tcp"
                )
            }
            if let delay = service.delayMs, !Fixture.MDNSService.delayRangeMs.contains(delay) {
                throw document.error(
                    at: servicePath.appending(key: "delay_ms"),
                    "delay_ms \(delay) is out of range",
                    fix: "write \(Self.text(Fixture.MDNSService.delayRangeMs)) milliseconds"
                )
            }
        }
        for (i, service) in (device.udp ?? []).enumerated() {
            try checkPort(service.port, at: path.appending(key: "udp").appending(index: i).appending(key: "port"))
        }
    }

    private func checkUpstream(_ upstream: Fixture.Upstream, usedIPs: [IPv4Address: String]) throws {
        guard (1...8).contains(upstream.routerCount) else {
            throw document.error(
                at: ["upstream", "routers"],
                "\(upstream.routerCount) routers is out of range",
                fix: "write 1 to 8"
            )
        }
        if fixture.allowNonBenchmarkAddresses != true {
            for (key, network) in [("segment", upstream.segment), ("transit", upstream.transitNetwork)]
            where !Self.isBenchmark(network) {
                throw document.error(
                    at: ["upstream", .key(key)],
                    "\(network) is outside 198.18.0.0/15",
                    fix: "use addresses in 198.18.0.0/15, or set allow_non_benchmark_addresses: true on purpose"
                )
            }
        }
        for (name, network) in [("segment", upstream.segment), ("transit", upstream.transitNetwork)] {
            if network.contains(fixture.network.subnet.address) || fixture.network.subnet.contains(network.address) {
                throw document.error(
                    at: ["upstream", .key(name)],
                    "\(network) overlaps the LAN \(fixture.network.subnet)",
                    fix: "pick a network that does not overlap the LAN"
                )
            }
        }
        var seen = usedIPs
        for (index, server) in upstream.servers.enumerated() {
            let path: YAMLPath = [.key("upstream"), .key("servers"), .index(index)]
            try checkName(server.name, at: path.appending(key: "name"))
            try checkAddress(server.ip, at: path.appending(key: "ip"), in: upstream.segment)
            if let other = seen[server.ip] {
                throw document.error(
                    at: path.appending(key: "ip"),
                    "\(server.ip) is already used by \(other)",
                    fix: "use another address"
                )
            }
            if server.ip.value == upstream.segment.address.value + 1 {
                throw document.error(
                    at: path.appending(key: "ip"),
                    "\(server.ip) is the last router's address on the segment",
                    fix: "use any other host address of \(upstream.segment) (the first one belongs to the router)"
                )
            }
            seen[server.ip] = "server '\(server.name)'"
            for (i, port) in (server.tcpOpen ?? []).enumerated() {
                try checkPort(port, at: path.appending(key: "tcp_open").appending(index: i))
            }
            for (i, entry) in (server.whois ?? []).enumerated() where (entry.refer == nil) == (entry.text == nil) {
                throw document.error(
                    at: path.appending(key: "whois").appending(index: i),
                    "a whois entry needs exactly one of 'refer' and 'text'",
                    fix: "write refer: <server host name> for a referral, or text: for an answer"
                )
            }
        }
    }

    /// "0 to 5000": a range of milliseconds as a fix says it.
    static func text(_ range: ClosedRange<Double>) -> String { "\(Int(range.lowerBound)) to \(Int(range.upperBound))" }

    private func checkLink(_ link: Fixture.LinkImpairment, at path: YAMLPath) throws {
        if let d = link.delayMs, !Fixture.LinkImpairment.delayRangeMs.contains(d) {
            throw document.error(
                at: path.appending(key: "delay_ms"),
                "delay_ms \(d) is out of range",
                fix: "write \(Self.text(Fixture.LinkImpairment.delayRangeMs)) milliseconds"
            )
        }
        if let j = link.jitterMs, j < 0 || j > (link.delayMs ?? 0) {
            throw document.error(
                at: path.appending(key: "jitter_ms"),
                "jitter_ms \(j) must be between 0 and delay_ms",
                fix: "lower jitter_ms to at most delay_ms (\(link.delayMs ?? 0))"
            )
        }
        if let l = link.lossPercent, !(0...100).contains(l) {
            throw document.error(
                at: path.appending(key: "loss_percent"),
                "loss_percent \(l) is not a percentage",
                fix: "write 0 to 100"
            )
        }
        if let burst = link.burstLoss {
            for (key, value) in [("enter_percent", burst.enterPercent), ("exit_percent", burst.exitPercent)]
            where !(0...100).contains(value) {
                throw document.error(
                    at: path.appending(key: "burst_loss").appending(key: key),
                    "\(key) \(value) is not a percentage",
                    fix: "write 0 to 100"
                )
            }
            if burst.exitPercent == 0 {
                throw document.error(
                    at: path.appending(key: "burst_loss").appending(key: "exit_percent"),
                    "exit_percent 0 never leaves the bad state",
                    fix: "write a value above 0 (mean burst length is 100/exit_percent frames)"
                )
            }
        }
    }

    /// A number of the Wi-Fi keys: inside `range`, else refused with the range as the fix.
    private func checkRange(
        _ value: Double?,
        _ range: ClosedRange<Double>,
        unit: String,
        at path: YAMLPath,
        key: String
    ) throws {
        guard let value, !range.contains(value) else { return }
        throw document.error(
            at: path.appending(key: key),
            "\(key) \(NumberText.decimal(value)) is out of range",
            fix: "write \(NumberText.decimal(range.lowerBound)) to \(NumberText.decimal(range.upperBound))\(unit)"
        )
    }

    private func checkPowerSave(_ powerSave: Fixture.PowerSave, at path: YAMLPath) throws {
        if let beacons = powerSave.listenInterval, !Fixture.PowerSave.listenIntervalRange.contains(beacons) {
            throw document.error(
                at: path.appending(key: "listen_interval"),
                "listen_interval \(beacons) is out of range",
                fix:
                    "write 1 to \(Fixture.PowerSave.listenIntervalRange.upperBound) beacons (1: the station wakes for every beacon)"
            )
        }
        try checkRange(
            powerSave.beaconIntervalMs,
            Fixture.PowerSave.beaconIntervalRangeMs,
            unit: " milliseconds (102.4 is 100 TU, the usual beacon interval)",
            at: path,
            key: "beacon_interval_ms"
        )
        try checkRange(
            powerSave.awakeMs,
            Fixture.PowerSave.awakeRangeMs,
            unit: " milliseconds",
            at: path,
            key: "awake_ms"
        )
    }

    private func checkIPStack(_ stack: Fixture.IPStack, at path: YAMLPath) throws {
        typealias Stack = Fixture.IPStack
        for (key, value, range, what) in [
            ("ttl", stack.ttl, Stack.ttlRange, "hops (64 Linux/Apple, 128 Windows, 255 many embedded stacks)"),
            ("mss", stack.mss, Stack.mssRange, "bytes (1460 on Ethernet)"),
            ("tcp_window_scale", stack.tcpWindowScale, Stack.windowScaleRange, " (the WSopt shift count)"),
            ("initrwnd_segments", stack.initrwndSegments, Stack.initrwndRange, "segments"),
        ] {
            guard let value, !range.contains(value) else { continue }
            throw document.error(
                at: path.appending(key: key),
                "\(key) \(value) is out of range",
                fix: "write \(range.lowerBound) to \(range.upperBound)\(what.hasPrefix(" ") ? what : " " + what)"
            )
        }
        if stack.tcpWindowScale != nil, stack.tcpWindowScaling == false {
            throw document.error(
                at: path.appending(key: "tcp_window_scale"),
                "tcp_window_scale is set but tcp_window_scaling is false",
                fix:
                    "remove tcp_window_scale (no WSopt is sent without window scaling), or set tcp_window_scaling: true"
            )
        }
    }

    private func checkDeepSleep(_ sleep: Fixture.DeepSleep, at path: YAMLPath) throws {
        try checkRange(sleep.sleepS, Fixture.DeepSleep.sleepRangeS, unit: " seconds", at: path, key: "sleep_s")
        try checkRange(sleep.awakeS, Fixture.DeepSleep.awakeRangeS, unit: " seconds", at: path, key: "awake_s")
        if let phase = sleep.phaseS, phase < 0 || phase >= sleep.periodS {
            throw document.error(
                at: path.appending(key: "phase_s"),
                "phase_s \(NumberText.decimal(phase)) is outside the cycle of \(NumberText.decimal(sleep.periodS)) s",
                fix:
                    "write 0 (asleep from the start) up to below sleep_s + awake_s, or leave it out to draw it from the seed"
            )
        }
    }

    /// `start_s` and `away_s` each `[min, max]` seconds with min ≤ max, inside their ranges.
    private func checkLeave(_ leave: Fixture.Leave, at path: YAMLPath) throws {
        for (key, values, range, example) in [
            ("start_s", leave.startS, Fixture.Leave.startRangeS, "[10, 40] (or [20, 20] for a fixed time)"),
            ("away_s", leave.awayS, Fixture.Leave.awayRangeS, "[5, 30] (or [15, 15] for a fixed time)"),
        ] {
            guard values.count == 2, values[0] <= values[1], values.allSatisfy(range.contains) else {
                throw document.error(
                    at: path.appending(key: key),
                    "\(key) must be [min, max] seconds with min ≤ max, each \(NumberText.decimal(range.lowerBound)) to \(NumberText.decimal(range.upperBound))",
                    fix: "write e.g. \(key): \(example)"
                )
            }
        }
    }

    /// `per_second` inside its range; `start_s` and `duration_s` each `[min, max]` seconds.
    private func checkMDNSStorm(_ storm: Fixture.MDNSStorm, at path: YAMLPath) throws {
        try checkRange(
            storm.perSecond,
            Fixture.MDNSStorm.perSecondRange,
            unit: " announcements a second (RFC 6762 §6 allows 1)",
            at: path,
            key: "per_second"
        )
        for (key, values, range, example) in [
            ("start_s", storm.startS, Fixture.Leave.startRangeS, "[5, 15] (or [10, 10] for a fixed time)"),
            ("duration_s", storm.durationS, Fixture.MDNSStorm.durationRangeS, "[10, 30] (or [20, 20])"),
        ] {
            guard values.count == 2, values[0] <= values[1], values.allSatisfy(range.contains) else {
                throw document.error(
                    at: path.appending(key: key),
                    "\(key) must be [min, max] seconds with min ≤ max, each \(NumberText.decimal(range.lowerBound)) to \(NumberText.decimal(range.upperBound))",
                    fix: "write e.g. \(key): \(example)"
                )
            }
        }
    }

    /// `protocols` and `kinds` each non-empty without repeats, and every protocol one the device
    /// serves (an `mdns` list, an `ssdp` entry, an HTTP port), so that the fault can apply.
    private func checkHostile(_ hostile: Fixture.Hostile, of device: Fixture.Device, at path: YAMLPath) throws {
        let allProtocols = Fixture.Hostile.HostileProtocol.allCases.map(\.rawValue).joined(separator: ", ")
        let allKinds = Fixture.Hostile.Kind.allCases.map(\.rawValue).joined(separator: ", ")
        for (key, values, all) in [
            ("protocols", hostile.protocols.map(\.rawValue), allProtocols),
            ("kinds", hostile.kinds.map(\.rawValue), allKinds),
        ] {
            guard !values.isEmpty, Set(values).count == values.count else {
                throw document.error(
                    at: path.appending(key: key),
                    "\(key) must list at least one of \(all), each once",
                    fix: "write e.g. \(key): [\(all)]"
                )
            }
        }
        let servesHTTP = device.tcpPorts.openPorts.contains { port in
            device.http?.contains { $0.port == port } == true
                || (device.banners?.contains { $0.port == port } != true && device.servesHTTPImplicitly(on: port))
        }
        for (index, name) in hostile.protocols.enumerated() {
            let served =
                switch name {
                case .mdns: !(device.mdns ?? []).isEmpty
                case .ssdp: device.ssdp != nil
                case .http: servesHTTP
                }
            guard served else {
                throw document.error(
                    at: path.appending(key: "protocols").appending(index: index),
                    "device '\(device.name)' serves no \(name.rawValue), so its \(name.rawValue) answers cannot be hostile",
                    fix: name == .http
                        ? "give the device an open port with an `http` entry, or remove http from protocols"
                        : "give the device `\(name.rawValue):` services, or remove \(name.rawValue) from protocols"
                )
            }
        }
    }

    private func checkScannerWiFi(_ wifi: Fixture.ScannerWiFi, at path: YAMLPath) throws {
        for (key, gap) in [("roam", wifi.roam), ("association_loss", wifi.associationLoss)] {
            guard let gap else { continue }
            try checkRange(
                gap.perHour,
                Fixture.PathGap.perHourRange,
                unit: " events per hour",
                at: path.appending(key: key),
                key: "per_hour"
            )
            try checkInterval(gap.gapMs, at: path.appending(key: key).appending(key: "gap_ms"), key: "gap_ms")
            if let times = gap.atS, !times.allSatisfy(Fixture.PathGap.atRangeS.contains) {
                throw document.error(
                    at: path.appending(key: key).appending(key: "at_s"),
                    "at_s must list seconds after the switch's start, 0 to 86400",
                    fix: "write e.g. at_s: [10, 20], or leave it out to have only drawn events"
                )
            }
        }
        if let congestion = wifi.congestion {
            let congestionPath = path.appending(key: "congestion")
            try checkRange(
                congestion.perHour,
                Fixture.PathGap.perHourRange,
                unit: " events per hour",
                at: congestionPath,
                key: "per_hour"
            )
            try checkInterval(
                congestion.durationMs,
                at: congestionPath.appending(key: "duration_ms"),
                key: "duration_ms"
            )
            try checkLink(
                Fixture.LinkImpairment(
                    delayMs: congestion.delayMs,
                    jitterMs: congestion.jitterMs,
                    lossPercent: congestion.lossPercent
                ),
                at: congestionPath
            )
        }
    }

    /// `[min, max]` milliseconds with 0 ≤ min ≤ max ≤ 600000.
    private func checkInterval(_ values: [Double], at path: YAMLPath, key: String) throws {
        guard values.count == 2, values[0] <= values[1], values.allSatisfy({ Fixture.PathGap.gapRangeMs.contains($0) })
        else {
            throw document.error(
                at: path,
                "\(key) must be [min, max] milliseconds with min ≤ max",
                fix: "write two numbers from 0 to 600000, e.g. \(key): [50, 300]"
            )
        }
    }

    private func checkAddress(_ ip: IPv4Address, at path: YAMLPath, in network: IPv4Network) throws {
        guard network.contains(ip) else {
            throw document.error(at: path, "\(ip) is not inside \(network)", fix: "use an address inside \(network)")
        }
        guard ip != network.address, ip != network.broadcast else {
            throw document.error(
                at: path,
                "\(ip) is the network or broadcast address of \(network)",
                fix: "use a host address"
            )
        }
    }

    private func checkPort(_ port: Int, at path: YAMLPath) throws {
        guard (1...65535).contains(port) else {
            throw document.error(at: path, "port \(port) is out of range", fix: "write a port from 1 to 65535")
        }
    }

    private func checkName(_ name: String, at path: YAMLPath) throws {
        let allowed = name.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        guard allowed, (1...24).contains(name.count), name.first != "-" else {
            throw document.error(
                at: path,
                "'\(name)' is not a valid name",
                fix: "use 1-24 lower-case letters, digits and '-', e.g. iphone-anna"
            )
        }
    }

    private func checkHostname(_ name: String, at path: YAMLPath) throws {
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        let valid = labels.allSatisfy { label in
            (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                && label.allSatisfy { $0.isLetter && $0.isASCII || $0.isNumber && $0.isASCII || $0 == "-" }
        }
        guard valid else {
            throw document.error(
                at: path,
                "'\(name)' is not a valid host name",
                fix: "use letters, digits and '-' (e.g. annas-iphone), no spaces or underscores"
            )
        }
    }

    static func isBenchmark(_ network: IPv4Network) -> Bool {
        benchmarkRange.contains(network.address) && network.prefixLength >= benchmarkRange.prefixLength
    }
}
