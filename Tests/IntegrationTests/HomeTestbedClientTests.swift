import Foundation
import Testbed
import Testing

/// Real clients, run in the scanner namespace of the `home` testbed, agree with its ground truth.
@Suite("home testbed vs real clients", .tags(.integration), .serialized)
struct HomeTestbedClientTests {
    @Test("nmap -sn finds every device whose ARP replies always arrive, and none that never do")
    func nmapHostDiscovery() throws {
        let testbed = try LiveTestbed.up("home")
        defer { testbed.down() }
        let output = try testbed.exec(["nmap", "-sn", "-n", "-oG", "-", "198.18.0.0/24"]).stdout
        let up = Set(
            output.split(separator: "\n").filter { $0.contains("Status: Up") }.compactMap {
                $0.split(separator: " ").dropFirst().first.map(String.init)
            }
        )
        for device in testbed.truthDevices {
            if device.arpProbability >= 1 && device.lossPercent == 0 {
                #expect(up.contains(device.ip), "\(device.name) \(device.ip) answers ARP but nmap did not see it")
            } else if device.arpProbability == 0 {
                #expect(!up.contains(device.ip), "\(device.name) never answers ARP but nmap saw it")
            }
        }
        let known = Set(testbed.truthDevices.map(\.ip) + ["198.18.0.50"])
        #expect(up.subtracting(known).isEmpty, "nmap saw hosts the fixture does not have: \(up.subtracting(known))")
    }

    @Test("nmap -sT -Pn reports open, closed and filtered exactly as the fixture says")
    func nmapConnectScan() throws {
        let testbed = try LiveTestbed.up("home")
        defer { testbed.down() }
        // Devices whose ARP replies are unreliable cannot be port-scanned deterministically.
        let devices = testbed.truthDevices.filter { $0.arpProbability >= 1 }
        var ports = Set([81, 8081, 1883, 548, 62078, 7000, 9100, 22, 80, 443, 445])
        for device in devices { ports.formUnion(device.tcpOpen + device.tcpClosed + device.tcpFiltered) }
        let list = ports.sorted().map(String.init).joined(separator: ",")
        let output = try testbed.exec(
            ["nmap", "-sT", "-Pn", "-n", "--max-retries", "3", "-p", list, "-oG", "-"] + devices.map(\.ip),
            timeout: 300
        ).stdout
        var seen: [String: [Int: String]] = [:]
        for line in output.split(separator: "\n") where line.contains("Ports:") {
            let ip = String(line.split(separator: " ")[1])
            // nmap leaves the most common state out of the list ("Ignored State: closed (40)").
            if let ignored = line.components(separatedBy: "Ignored State: ").dropFirst().first?.split(separator: " ")
                .first
            {
                for port in ports { seen[ip, default: [:]][port] = String(ignored) }
            }
            let portsPart = line.components(separatedBy: "Ports: ")[1].components(separatedBy: "\t")[0]
            for entry in portsPart.components(separatedBy: ", ") {
                let fields = entry.split(separator: "/", omittingEmptySubsequences: false)
                if let port = Int(fields[0]) { seen[ip, default: [:]][port] = String(fields[1]) }
            }
        }
        var checked = 0
        for device in devices {
            for port in ports.sorted() {
                let state = seen[device.ip]?[port]
                #expect(
                    state == device.expectedState(port),
                    "\(device.name) \(device.ip):\(port) nmap says \(state ?? "nothing"), fixture says \(device.expectedState(port))"
                )
                checked += 1
            }
        }
        print("nmap -sT checked \(checked) device×port states on \(devices.count) devices")
    }

    @Test("dig @gateway -x returns each fixture host name, and the name resolves back")
    func reverseDNS() throws {
        let testbed = try LiveTestbed.up("home")
        defer { testbed.down() }
        let named = testbed.truthDevices.filter { $0.fqdn != nil }
        #expect(named.count >= 20)
        let script = named.map {
            "echo \"\($0.ip) $(dig +short +time=2 @198.18.0.1 -x \($0.ip)) $(dig +short +time=2 @198.18.0.1 \($0.fqdn!))\""
        }.joined(separator: "; ")
        let lines = try testbed.shell(script).stdout.split(separator: "\n").map {
            $0.split(separator: " ").map(String.init)
        }
        for device in named {
            let line = lines.first { $0.first == device.ip } ?? []
            #expect(
                line.count == 3 && line[1] == device.fqdn! + "." && line[2] == device.ip,
                "\(device.name): dig said \(line.dropFirst())"
            )
        }
    }

    @Test("avahi-browse -ar lists every fixture mDNS service, slow responders included")
    func avahiBrowse() throws {
        let testbed = try LiveTestbed.up("home")
        defer { testbed.down() }
        let resolved = try AvahiBrowse.resolvedLines(on: testbed)
        var expected = 0
        for device in testbed.truthDevices {
            for service in device.mdns {
                expected += 1
                let match = resolved.first { fields in
                    fields.count > 8 && AvahiBrowse.unescape(fields[3]) == service.instance && fields[4] == service.type
                        && fields[7] == device.ip
                }
                #expect(
                    match != nil,
                    "avahi-browse did not resolve \(service.instance) (\(service.type)) on \(device.name) \(device.ip)"
                )
            }
        }
        print("avahi-browse resolved \(resolved.count) entries; fixture has \(expected) services")
        #expect(expected > 20)
    }

    @Test("gssdp-discover sees every SSDP device and curl fetches its description.xml")
    func ssdpAndDescriptions() throws {
        let testbed = try LiveTestbed.up("home")
        defer { testbed.down() }
        let ssdpDevices = testbed.truthDevices.filter { $0.ssdp != nil }
        #expect(ssdpDevices.count >= 4)
        var script =
            "timeout 7 gssdp-discover -i eth0 --timeout=6 > /tmp/gssdp.$$ 2>&1; cat /tmp/gssdp.$$; rm /tmp/gssdp.$$; "
        for device in ssdpDevices {
            let port = device.ssdp?["location_port"] as? Int ?? 0
            let path = device.ssdp?["location_path"] as? String ?? "/description.xml"
            script += "echo \"== \(device.name)\"; curl -s -m 5 http://\(device.ip):\(port)\(path); echo; "
        }
        let output = try testbed.shell(script, timeout: 90).stdout
        for device in ssdpDevices {
            let uuid = device.ssdp?["uuid"] as? String ?? "?"
            #expect(output.contains("uuid:\(uuid)"), "gssdp-discover did not see \(device.name) (uuid \(uuid))")
            let section = output.components(separatedBy: "== \(device.name)\n").dropFirst().first ?? ""
            let friendly = ((device.device["upnp"] as? [String: Any])?["friendly_name"] as? String) ?? "?"
            #expect(
                section.contains("<friendlyName>\(xmlEscape(friendly))</friendlyName>"),
                "description.xml of \(device.name) lacks its friendlyName"
            )
        }
    }

    @Test("traceroute crosses at least three hops to the remote segment; whois follows the referral chain")
    func tracerouteAndWhois() throws {
        let testbed = try LiveTestbed.up("home")
        defer { testbed.down() }
        let trace = try testbed.exec(["traceroute", "-n", "-q", "1", "-w", "2", "198.19.200.12"]).stdout
        let hops = trace.split(separator: "\n").dropFirst().compactMap {
            $0.split(separator: " ").dropFirst().first.map(String.init)
        }
        #expect(hops.count >= 4, "traceroute: \(trace)")
        #expect(hops.prefix(3) == ["198.18.0.1", "198.19.254.2", "198.19.254.6"], "hops \(hops)")
        #expect(hops.last == "198.19.200.12")
        // whois: IANA refers .example to the registry, the registry names the registrar.
        let iana = try testbed.exec(["whois", "-h", "whois.iana.example", "netmonitor.example"]).stdout
        let registry = try #require(field(iana, "refer"), "IANA answer: \(iana)")
        let registryAnswer = try testbed.exec(["whois", "-h", registry, "netmonitor.example"]).stdout
        let registrar = try #require(
            field(registryAnswer, "Registrar WHOIS Server"),
            "registry answer: \(registryAnswer)"
        )
        let record = try testbed.exec(["whois", "-h", registrar, "netmonitor.example"]).stdout
        #expect(field(record, "Registrar") != nil)
        #expect(field(record, "Creation Date") != nil)
        #expect(record.lowercased().contains("name server:"))
        let asn = try testbed.exec(["whois", "-h", "whois.iana.example", "AS64500"]).stdout
        let rir = try #require(field(asn, "refer"))
        let asnRecord = try testbed.exec(["whois", "-h", rir, "AS64500"]).stdout
        #expect(asnRecord.contains("AS64500"))
    }
}

/// The value of the first "Key: value" line.
func field(_ text: String, _ key: String) -> String? {
    for line in text.split(separator: "\n") {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix(key.lowercased() + ":") else { continue }
        let value = trimmed.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)
        if !value.isEmpty { return value }
    }
    return nil
}

func xmlEscape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
        of: ">",
        with: "&gt;"
    )
}
