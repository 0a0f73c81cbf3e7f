import Foundation
import Testing

/// The Bonjour and SSDP phases against the `home` testbed's ground truth: the review's problems
/// 5.4 (Bonjour answers after 5–10 s) and 5.5 (UPnP answers late in the MX window) as numbers.
/// Runs `scanbench phase-run` in the scanner namespace (about 35 s in all).
@Suite("Bonjour and SSDP phases vs the home fixture", .tags(.integration), .serialized)
struct ListeningPhaseIntegrationTests {
    /// Runs one phase and returns its JSON output.
    static func phaseRun(_ testbed: LiveTestbed, _ arguments: [String]) throws -> [String: Any] {
        let run = try testbed.exec(
            [ScanBenchCLI.binary, "phase-run"] + arguments + ["--interface", "eth0"],
            timeout: 60
        )
        guard run.status == 0,
            let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        else {
            throw LiveTestbedError(message: "phase-run \(arguments) failed (\(run.status)): \(run.stderr)")
        }
        return object
    }

    @Test("a 3 s window misses exactly the services slower than 5 s; a 12 s window finds every one")
    func bonjourWindows() throws {
        let testbed = try LiveTestbed.up("home")
        defer { testbed.down() }
        var all: [(ip: String, key: String, delayMs: Double)] = []
        for raw in testbed.devices {
            let device = raw["device"] as? [String: Any] ?? [:]
            for service in device["mdns"] as? [[String: Any]] ?? [] {
                let key = "\(service["instance"] as? String ?? "")|\(service["type"] as? String ?? "")".lowercased()
                all.append((device["ip"] as? String ?? "", key, service["delay_ms"] as? Double ?? 0))
            }
        }
        #expect(all.count >= 30)
        let types = Set(all.map { String($0.key.split(separator: "|").last!) }).sorted().joined(separator: ",")
        func found(windowMs: Int) throws -> (services: Set<String>, devices: Set<String>) {
            let output = try Self.phaseRun(
                testbed,
                [
                    "bonjour", "--strategy", "scanbench-best", "--types", types,
                    "--window-ms", String(windowMs),
                ]
            )
            let services = (output["services"] as? [[String: Any]] ?? []).map {
                "\($0["name"] as? String ?? "")|\($0["type"] as? String ?? "")".lowercased()
            }
            let devices = (output["devices"] as? [[String: Any]] ?? []).compactMap { $0["ip"] as? String }
            return (Set(services), Set(devices))
        }
        // The short window first, on a fresh testbed: no earlier query can have woken a slow responder.
        let short = try found(windowMs: 3000)
        let slow = all.filter { $0.delayMs >= 5000 }
        #expect(!slow.isEmpty)
        for service in all {
            if service.delayMs >= 5000 {
                #expect(
                    !short.services.contains(service.key),
                    "\(service.key) answers after \(service.delayMs) ms but a 3 s window saw it"
                )
            } else {
                #expect(
                    short.services.contains(service.key),
                    "\(service.key) answers at once but a 3 s window missed it"
                )
            }
        }
        let long = try found(windowMs: 12_000)
        let missing = Set(all.map(\.key)).subtracting(long.services)
        #expect(missing.isEmpty, "a 12 s window missed \(missing.sorted())")
        #expect(long.devices == Set(all.map(\.ip)), "every device with a service is resolved to its address")
        print(
            "bonjour: 3 s window \(short.services.count)/\(all.count) services on \(short.devices.count) devices; 12 s window \(long.services.count)/\(all.count) on \(long.devices.count)"
        )
    }

    @Test("SSDP with MX 3: a 4 s window finds every UPnP device, a 1 s window misses the late ones")
    func ssdpWindows() throws {
        let testbed = try LiveTestbed.up("home")
        defer { testbed.down() }
        var upnp: [String: Double] = [:]
        for raw in testbed.devices {
            let device = raw["device"] as? [String: Any] ?? [:]
            if let ssdp = device["ssdp"] as? [String: Any], let ip = device["ip"] as? String {
                upnp[ip] = ssdp["delay_ms"] as? Double ?? 0
            }
        }
        #expect(upnp.count >= 5)
        func found(windowMs: Int) throws -> Set<String> {
            let output = try Self.phaseRun(
                testbed,
                [
                    "ssdp", "--strategy", "netmonitor-2.0", "--mx", "3",
                    "--window-ms", String(windowMs),
                ]
            )
            return Set((output["devices"] as? [[String: Any]] ?? []).compactMap { $0["ip"] as? String })
        }
        let short = try found(windowMs: 1000)
        for (ip, delay) in upnp where delay >= 2000 {
            #expect(!short.contains(ip), "\(ip) answers at \(delay) ms but a 1 s window saw it")
        }
        for (ip, delay) in upnp where delay < 900 {
            #expect(short.contains(ip), "\(ip) answers at \(delay) ms but a 1 s window missed it")
        }
        let long = try found(windowMs: 4000)
        #expect(long == Set(upnp.keys), "4 s window: found \(long.sorted()), fixture has \(upnp.keys.sorted())")
        print("ssdp: 1 s window \(short.count)/\(upnp.count) devices; 4 s window \(long.count)/\(upnp.count)")
    }

    @Test(
        "scanbench scan with only Bonjour (12 s) and SSDP (4 s) finds every announced service and UPnP device, and publishes"
    )
    func scanWithListeningPhasesOnly() throws {
        let testbed = try LiveTestbed.up("home")
        defer { testbed.down() }
        var services: Set<String> = [], mdnsIPs: Set<String> = [], ssdpIPs: Set<String> = []
        var instanceOf: [String: String] = [:]
        for raw in testbed.devices {
            let device = raw["device"] as? [String: Any] ?? [:]
            let ip = device["ip"] as? String ?? ""
            for service in device["mdns"] as? [[String: Any]] ?? [] {
                let instance = service["instance"] as? String ?? ""
                services.insert("\(instance)|\(service["type"] as? String ?? "")")
                mdnsIPs.insert(ip)
                instanceOf[ip] = instanceOf[ip] ?? instance
            }
            if device["ssdp"] != nil { ssdpIPs.insert(ip) }
        }
        let types = Set(services.map { String($0.split(separator: "|").last!) }).sorted().joined(separator: ", ")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("listen-\(testbed.id)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let strategy = directory.appendingPathComponent("listening-only.yaml").path
        let events = directory.appendingPathComponent("events.jsonl").path
        try """
        name: listening-only
        pipeline:
          steps:
            - {phases: [bonjour, ssdp], concurrent: true}
          deadline_mode: hard
        arp: {enabled: false}
        tcp: {enabled: false}
        icmp: {enabled: false}
        ptr: {enabled: false}
        bonjour:
          tiers: [[\(types)]]
          tier_delay_ms: 0
          window: {mode: fixed, fixed_ms: 12000}
          resolve_method: mdns
        ssdp: {mx: 3, window_ms: 4000, placement: with_bonjour}
        publishing: {policy: per_callback, isolation: main_actor}

        """.write(toFile: strategy, atomically: true, encoding: .utf8)
        let run = try testbed.exec(
            [ScanBenchCLI.binary, "scan", "--strategy", strategy, "--events", events, "--json"],
            timeout: 60
        )
        #expect(run.status == 0, "scan failed: \(run.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
        let devices = report["devices"] as? [[String: Any]] ?? []
        func ips(_ source: String) -> Set<String> {
            Set(
                devices.filter { ($0["sources"] as? [String] ?? []).contains(source) }.compactMap {
                    $0["ip"] as? String
                }
            )
        }
        #expect(ips("bonjour") == mdnsIPs)
        #expect(ips("ssdp") == ssdpIPs)
        // NetMonitor's hostname is the first resolved service's instance name; the aqara hub has one service.
        let aqara = devices.first { $0["ip"] as? String == "198.18.0.84" }
        #expect(aqara?["hostname"] as? String == instanceOf["198.18.0.84"])
        let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
        let resolved = Set(
            lines.compactMap { line -> String? in
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    object["type"] as? String == "service_resolved"
                else { return nil }
                return "\(object["instance"] as? String ?? "")|\(object["service_type"] as? String ?? "")"
            }
        )
        #expect(resolved == services, "unresolved: \(services.subtracting(resolved).sorted())")
        let publishing = (report["summary"] as? [String: Any])?["publishing"] as? [String: Any]
        #expect((publishing?["publishes"] as? Int ?? 0) > 0)
        #expect((publishing?["frames"] as? Int ?? 0) > 300, "the 60 Hz probe ticks through a 12 s scan")
        print(
            "scan (bonjour 12 s + ssdp 4 s): \(ips("bonjour").count)/\(mdnsIPs.count) Bonjour devices, \(ips("ssdp").count)/\(ssdpIPs.count) SSDP, \(resolved.count)/\(services.count) services; publishing \(publishing ?? [:])"
        )
    }
}
