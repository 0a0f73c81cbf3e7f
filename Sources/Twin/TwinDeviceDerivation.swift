import Fixture
import Inventory
import Wire

/// One fixture device from one host's observations, a step per thing the capture shows of it:
/// name and MAC, host name, link delay and jitter, ARP, ICMP echo, SSDP, TCP ports, mDNS.
/// `TwinDerivation.derive` runs it over the LAN's hosts in address order; it keeps what must
/// stay unique across devices (names, host names, MACs, SSDP UUIDs).
///
/// Each step appends to the host's notes what it made up, and to the account what it left out;
/// the numbers' rules are `TwinDerivation`'s (docs/REAL-DEVICES.md, "Twin fixture").
struct TwinDeviceDerivation {
    let gateway: IPv4Address
    /// What ARP costs beyond the IP round trip on this capture (ms).
    let arpExcess: ARPQueueing
    let inventory: [Inventory.Device]
    let options: TwinOptions
    private var usedMACs: Set<MACAddress>
    private var usedNames: Set<String> = []
    private var usedHostnames: Set<String> = []
    private var usedUUIDs: Set<String> = []

    init(
        gateway: IPv4Address,
        arpExcess: ARPQueueing,
        inventory: [Inventory.Device],
        options: TwinOptions,
        scannerMAC: MACAddress?
    ) {
        self.gateway = gateway
        self.arpExcess = arpExcess
        self.inventory = inventory
        self.options = options
        usedMACs = scannerMAC.map { [$0] } ?? []
    }

    /// What the steps of one device share: its host, its inventory entry, its name and round
    /// trips, and the notes it collects.
    private struct Draft {
        let host: HostObservations
        let listed: Inventory.Device?
        let name: String
        var notes: [String] = []
        /// Set when its answers show power save: its round trip is then its quickest answer's.
        var powerSave: Fixture.PowerSave?
        var rtt: Double? { powerSave != nil ? host.ipRTTs.min() : host.medianRTT }
        var arpRTT: Double? { host.medianARPRTT }
        /// What ARP cost beyond IP around the time this host was asked.
        let arpExcess: Double
    }

    mutating func device(for host: HostObservations, account: inout TwinDerivation.Account) -> Fixture.Device {
        let listed =
            inventory.first { $0.ip == host.address }
            ?? inventory.first { item in item.mac.map { host.macs[$0] != nil } == true }
        let fallbackName = "host-" + host.address.octets.map(String.init).joined(separator: "-")
        let name = TwinDerivation.uniqueName(
            listed.map { TwinDerivation.fixtureName($0.name) } ?? fallbackName,
            fallback: fallbackName,
            used: &usedNames
        )
        var draft = Draft(host: host, listed: listed, name: name, arpExcess: arpExcess.excess(at: host.arpAskedAtMs))
        let mac = self.mac(&draft, account: &account)
        let category = host.address == gateway ? .router : (listed?.category ?? TwinOptions.defaultCategory)
        var device = Fixture.Device(name: name, ip: host.address, mac: mac, category: category)
        device.hostname = hostname(draft, account: &account)
        device.powerSave = powerSave(&draft)
        device.link = link(&draft, account: &account)
        device.arp = arp(draft, account: &account)
        device.deepSleep = deepSleep(&draft, arp: &device.arp)
        device.icmpEcho = icmpEcho(draft, account: &account)
        let ssdp = self.ssdp(&draft, account: &account)
        if ssdp != nil {
            device.upnp = Fixture.UPnPDescription(friendlyName: name, manufacturer: "unknown", modelName: "unknown")
        }
        device.tcp = tcp(&draft, ssdp: ssdp, account: &account)
        device.ssdp = ssdp
        device.mdns = mdns(draft, account: &account)
        let delays = AnswerDelays(host)
        if let note = delays.note { draft.notes.append(note) }
        for kind in delays.tooFew.keys { account.tooFewDelays[kind, default: []].append(name) }
        if !draft.notes.isEmpty { device.notes = draft.notes.joined(separator: "; ") }
        return device
    }

    /// The capture's MAC, else the inventory's; made up (locally administered) when neither
    /// is known or it is already another host's.
    private mutating func mac(_ draft: inout Draft, account: inout TwinDerivation.Account) -> MACAddress {
        var mac = draft.host.mac ?? draft.listed?.mac
        if let chosen = mac, usedMACs.contains(chosen) {
            account.leftOut.append(
                "\(draft.name): its MAC \(chosen) is also another host's (proxy ARP or a bridge?); given a made-up one"
            )
            mac = nil
        }
        let result = mac ?? TwinDerivation.madeUpMAC(draft.host.address)
        if mac == nil {
            draft.notes.append("MAC not in the capture: made up (locally administered)")
            if draft.host.macs.isEmpty {
                account.leftOut.append(
                    "\(draft.name): MAC not in the capture (no link-layer header); \(result) is made up"
                )
            }
        }
        usedMACs.insert(result)
        return result
    }

    /// Host name: the inventory's, else the PTR answer's, else (PTR never asked) the mDNS one;
    /// nil when it is not a host name or another device has it.
    private mutating func hostname(_ draft: Draft, account: inout TwinDerivation.Account) -> String? {
        let host = draft.host
        var hostname: String?
        if let listedName = draft.listed?.hostname {
            hostname = listedName.split(separator: ".").first.map(String.init)
        } else if let ptr = host.ptrName {
            hostname = ptr?.split(separator: ".").first.map(String.init)
        } else {
            hostname = host.mdnsHostName
        }
        if let chosen = hostname?.lowercased(), TwinDerivation.isHostname(chosen), usedHostnames.insert(chosen).inserted
        {
            return chosen
        }
        if host.ptrName == nil && host.mdnsHostName == nil && draft.listed?.hostname == nil {
            account.leftOut.append("\(draft.name): no host name (no PTR answer or mDNS name for it)")
        }
        return nil
    }

    /// Link delay (half the round trip less the testbed's own) and jitter; nil when no round
    /// trip was measured or the delay is beyond what a fixture's link adds.
    private func link(_ draft: inout Draft, account: inout TwinDerivation.Account) -> Fixture.LinkImpairment? {
        let (rtt, arpRTT) = (draft.rtt, draft.arpRTT)
        // An ARP-only device's delay: its ARP round trip less what ARP costs beyond the IP
        // round trip on this capture's other devices (a sweep's burst queues the replies).
        let arpOnly = arpRTT.map { max(0, $0 - draft.arpExcess) }
        let oneWay = (rtt ?? arpOnly).map { max(0, $0 - options.testbedRoundTripMs) / 2 }
        if let oneWay, oneWay > Fixture.LinkImpairment.delayRangeMs.upperBound {
            account.leftOut.append(
                "\(draft.name): a one-way delay of \(TwinDerivation.rounded(oneWay)) ms is more than a fixture's link adds "
                    + "(\(TwinDerivation.rounded(Fixture.LinkImpairment.delayRangeMs.upperBound)) ms); no link delay"
            )
        } else if let oneWay, oneWay >= 0.01 {
            var link = Fixture.LinkImpairment(delayMs: TwinDerivation.rounded(oneWay))
            if draft.powerSave == nil, let jitter = AnswerDelays.jitter(fromRoundTrips: draft.host.ipRTTs),
                jitter >= TwinDerivation.jitterFloor
            {
                link.jitterMs = TwinDerivation.rounded(min(jitter, oneWay))
            }
            if rtt == nil { draft.notes.append("link delay from ARP round trips only") }
            return link
        } else if rtt == nil && arpRTT == nil {
            account.leftOut.append("\(draft.name): no round trip measured, so no link delay")
        }
        return nil
    }

    /// ARP reply probability and delay beyond the IP round trip; nil when prompt and reliable
    /// or never asked.
    private func arp(_ draft: Draft, account: inout TwinDerivation.Account) -> Fixture.ARPBehaviour? {
        let host = draft.host
        guard host.arpRequests > 0 else {
            account.leftOut.append(
                "\(draft.name): the scanner never asked ARP for it; ARP left prompt and reliable (the default)"
            )
            return nil
        }
        var arp = Fixture.ARPBehaviour()
        var probability = Double(host.arpReplies) / Double(host.arpRequests)
        // A host that joined during the capture was not there to answer before: only the requests
        // from its first answer on say how reliably it answers (`PresenceInference`).
        if case .joined(let atS, _) = PresenceInference.infer(host.probes, captureS: 0) {
            let since = host.probes.filter { $0.kind == .arp && $0.atMs >= atS * 1000 - 0.5 }
            if !since.isEmpty {
                probability = Double(since.filter { $0.answerMs != nil }.count) / Double(since.count)
            }
        }
        if probability < 0.99 { arp.replyProbability = TwinDerivation.rounded(probability) }
        if let arpRTT = draft.arpRTT, let rtt = draft.rtt,
            arpRTT - rtt - draft.arpExcess >= TwinDerivation.arpDelayFloor
        {
            let delay = TwinDerivation.rounded(arpRTT - rtt - draft.arpExcess)
            if Fixture.ARPBehaviour.replyDelayRangeMs.contains(delay) {
                arp.replyDelayMs = delay
            } else {
                account.leftOut.append(
                    "\(draft.name): an ARP reply delay of \(delay) ms is more than a fixture's ARP adds; left prompt"
                )
            }
        }
        return arp != Fixture.ARPBehaviour() ? arp : nil
    }

    /// Power save when its answers to unicast requests keep to a beacon-like grid
    /// (`PowerSaveInference`: the evidence rule and what it assumes); then its link delay comes
    /// from its quickest answer and no jitter is derived (the holding is the spread).
    private func powerSave(_ draft: inout Draft) -> Fixture.PowerSave? {
        switch PowerSaveInference.infer(draft.host.probes) {
        case .dozes(let powerSave, let evidence):
            draft.powerSave = powerSave
            draft.notes.append(
                "power_save from its answer timeline: \(evidence); link delay from its quickest answer, no jitter"
            )
            return powerSave
        case .tooLittleEvidence(let summary):
            draft.notes.append("too little evidence for power save: link jitter only (\(summary))")
            return nil
        case .prompt:
            return nil
        }
    }

    /// A deep-sleep cycle when its answer timeline shows one (`SleepInference`: the evidence rule
    /// and what it assumes); then the ARP reply probability is dropped, the sleep explaining the
    /// unanswered requests. With unanswered requests too few or too scattered for a cycle, the
    /// device says so and keeps the reply probability alone.
    private func deepSleep(
        _ draft: inout Draft,
        arp: inout Fixture.ARPBehaviour?
    ) -> Fixture.DeepSleep? {
        switch SleepInference.infer(draft.host.probes) {
        case .sleeps(let sleep, let evidence):
            draft.notes.append("deep_sleep from its answer timeline: \(evidence)")
            if arp?.replyProbability != nil {
                arp?.replyProbability = nil
                if arp == Fixture.ARPBehaviour() { arp = nil }
                draft.notes.append("ARP reply probability dropped: the sleep explains the unanswered requests")
            }
            return sleep
        case .tooLittleEvidence(let summary):
            draft.notes.append("too little evidence for a sleep cycle: reply probability only (\(summary))")
            return nil
        case .alwaysAnswered:
            return nil
        }
    }

    /// Whether it answers echo; nil (the default, answers) when never pinged.
    private func icmpEcho(_ draft: Draft, account: inout TwinDerivation.Account) -> Bool? {
        guard draft.host.echoRequests > 0 else {
            account.leftOut.append("\(draft.name): never pinged; ICMP echo left at the default (answers)")
            return nil
        }
        return draft.host.echoReplies > 0
    }

    /// The SSDP service its answers show; nil without answers, or without the USN uuid,
    /// LOCATION and SERVER a fixture needs, or with another device's uuid.
    private mutating func ssdp(_ draft: inout Draft, account: inout TwinDerivation.Account) -> Fixture.SSDPService? {
        guard let seen = draft.host.ssdp else { return nil }
        guard let uuid = seen.uuid, let port = seen.locationPort, let server = seen.server,
            usedUUIDs.insert(uuid).inserted
        else {
            account.leftOut.append("\(draft.name): answered SSDP without a USN uuid, LOCATION or SERVER; SSDP left out")
            return nil
        }
        var service = Fixture.SSDPService(
            deviceType: seen.deviceTypes.first ?? "urn:schemas-upnp-org:device:Basic:1",
            uuid: uuid,
            server: server,
            locationPort: port,
            locationPath: seen.locationPath
        )
        if seen.deviceTypes.isEmpty {
            account.leftOut.append("\(draft.name): SSDP answers named no device type; Basic:1 is filled in")
        }
        if !seen.serviceTypes.isEmpty { service.services = seen.serviceTypes }
        if let delay = TwinDerivation.answerDelay(seen.answerDelays, rtt: draft.rtt ?? draft.arpRTT ?? 0, spread: 50) {
            service.delayMs = min(delay, Fixture.SSDPService.delayRangeMs.upperBound)
        } else if !seen.answerDelays.isEmpty {
            draft.notes.append(
                "SSDP answer delays varied (\(TwinDerivation.range(seen.answerDelays))): left to the testbed's random draw within MX"
            )
        }
        account.leftOut.append(
            "\(draft.name): UPnP description (description.xml) not in the capture; upnp friendly_name/manufacturer/model_name are filler the schema needs for an SSDP device"
        )
        return service
    }

    /// The probed ports' states, SSDP's LOCATION port open, and the commonest unopen state as
    /// the default; nil when no port was probed and there is no SSDP.
    private func tcp(
        _ draft: inout Draft,
        ssdp: Fixture.SSDPService?,
        account: inout TwinDerivation.Account
    ) -> Fixture.TCPPorts? {
        let host = draft.host
        guard !host.ports.isEmpty || ssdp != nil else {
            account.leftOut.append("\(draft.name): no TCP port probed; every port left closed (the default)")
            return nil
        }
        var ports = host.ports
        if let port = ssdp?.locationPort, ports[port] != .open {
            if ports[port] == nil {
                draft.notes.append("TCP \(port) open because SSDP's LOCATION names it (never probed)")
            } else {
                draft.notes.append(
                    "TCP \(port) probed \(ports[port]!.rawValue) but SSDP's LOCATION names it: listed open"
                )
            }
            ports[port] = .open
        }
        var tcp = Fixture.TCPPorts()
        let states = [Fixture.PortState.open, .closed, .filtered].map { state in
            ports.filter { $0.value == state }.keys.sorted()
        }
        tcp.open = states[0].isEmpty ? nil : states[0]
        tcp.closed = states[1].isEmpty ? nil : states[1]
        tcp.filtered = states[2].isEmpty ? nil : states[2]
        tcp.default = states[2].count > states[1].count ? .filtered : .closed
        account.leftOut.append(
            "\(draft.name): TCP ports never probed follow 'default: \(tcp.default!.rawValue)', the commonest unopen state among the \(host.ports.count) probed"
        )
        return tcp
    }

    /// The mDNS services seen with their SRV port; a delay only when beyond RFC 6762's window
    /// (inside it the testbed's responder draws its own). Nil when none. An SRV port of 0 is kept:
    /// DNS-SD's "no service here" (RFC 6763 §6.7 and Apple's TXT-only `_device-info._tcp`), which
    /// fixtures allow; leaving it out made a twin drop the service its original announced.
    private func mdns(_ draft: Draft, account: inout TwinDerivation.Account) -> [Fixture.MDNSService]? {
        var services: [Fixture.MDNSService] = []
        for seen in draft.host.services.values.sorted(by: { $0.key < $1.key }) {
            guard let port = seen.port else {
                account.leftOut.append(
                    "\(draft.name): mDNS service '\(seen.instance)' \(seen.type) seen without its SRV record (no port); left out"
                )
                continue
            }
            var service = Fixture.MDNSService(
                type: seen.type,
                instance: seen.instance,
                port: port,
                txt: seen.txt.isEmpty ? nil : seen.txt
            )
            if let delay = TwinDerivation.answerDelay(
                seen.answerDelays,
                rtt: draft.rtt ?? draft.arpRTT ?? 0,
                spread: .infinity
            ),
                delay > TwinDerivation.mdnsDefaultWindow
            {
                service.delayMs = min(delay, Fixture.MDNSService.delayRangeMs.upperBound)
            }
            services.append(service)
        }
        return services.isEmpty ? nil : services
    }
}
