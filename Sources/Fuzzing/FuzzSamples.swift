import CaptureFiles
import CaptureAnalysis
import Wire

/// Valid inputs the fuzz targets mutate, written the way real senders write them: a scanner's
/// frames (ARP, TCP SYN / SYN-ACK / RST, ICMP echo and an unreachable quoting a SYN, mDNS, SSDP,
/// DNS), the same frames in each link type, pcap and pcapng files, and the HTTP, UPnP, AirPlay,
/// Chromecast and WHOIS answers devices and servers send.
enum FuzzSamples {
    static let scanner = IPv4Address(192, 168, 1, 20)
    static let device = IPv4Address(192, 168, 1, 60)
    static let scannerMACBytes: [UInt8] = [0x02, 0x5B, 0, 0, 0, 0x14]
    static let scannerMAC = MACAddress(bytes: scannerMACBytes)!
    static let deviceMAC = MACAddress(bytes: [0x3C, 0xD9, 0x2B, 0x7E, 0x41, 0xA6])!

    // MARK: DNS and mDNS

    static let service: DNSName = "_ipp._tcp.local"
    static let instance = service.prepending("HP OfficeJet Pro 9010")
    static let host: DNSName = "hp-printer.local"

    static let mdnsQuery = DNSMessage(questions: [DNSQuestion(name: service, type: .ptr)])
    /// A DNS-SD answer as the testbed's responder sends it: PTR, then SRV, TXT, A (compressed names).
    static let mdnsResponse = DNSMessage(
        isResponse: true,
        isAuthoritative: true,
        answers: [DNSResourceRecord(name: service, data: .ptr(instance), ttl: 4500)],
        additionals: [
            DNSResourceRecord(
                name: instance,
                data: .srv(priority: 0, weight: 0, port: 631, target: host),
                ttl: 120,
                cacheFlush: true
            ),
            DNSResourceRecord(
                name: instance,
                data: .txt(strings: ["txtvers=1", "ty=HP OfficeJet Pro 9010", "rp=ipp/print"]),
                ttl: 4500,
                cacheFlush: true
            ),
            DNSResourceRecord(name: host, data: .a(device), ttl: 120, cacheFlush: true),
        ]
    )
    /// A goodbye (TTL 0) for the same service.
    static let mdnsGoodbye = DNSMessage(
        isResponse: true,
        isAuthoritative: true,
        answers: [DNSResourceRecord(name: service, data: .ptr(instance), ttl: 0)]
    )
    static let reverseQuery = DNSMessage(
        id: 0x1234,
        recursionDesired: true,
        questions: [DNSQuestion(name: "60.1.168.192.in-addr.arpa", type: .ptr)]
    )
    static let reverseAnswer = DNSMessage(
        id: 0x1234,
        isResponse: true,
        isAuthoritative: true,
        recursionDesired: true,
        recursionAvailable: true,
        questions: reverseQuery.questions,
        answers: [DNSResourceRecord(name: "60.1.168.192.in-addr.arpa", data: .ptr("hp-printer.home.arpa"), ttl: 0)]
    )

    static var dnsMessages: [[UInt8]] {
        [mdnsQuery, mdnsResponse, mdnsGoodbye, reverseQuery, reverseAnswer].map { $0.encoded() }
    }

    // MARK: SSDP

    static let ssdpSearch =
        "M-SEARCH * HTTP/1.1\r\nHOST: 239.255.255.250:1900\r\nMAN: \"ssdp:discover\"\r\nMX: 1\r\nST: ssdp:all\r\n\r\n"
    static let ssdpResponse =
        "HTTP/1.1 200 OK\r\nCACHE-CONTROL: max-age=1800\r\nEXT:\r\nLOCATION: http://192.168.1.60:49000/desc.xml\r\nSERVER: Linux/3.14 UPnP/1.0 IpBridge/1.50\r\nST: upnp:rootdevice\r\nUSN: uuid:2f402f80-da50-11e1-9b23-001788255acc::upnp:rootdevice\r\n\r\n"
    static let ssdpNotify =
        "NOTIFY * HTTP/1.1\r\nHOST: 239.255.255.250:1900\r\nCACHE-CONTROL: max-age=100\r\nLOCATION: http://192.168.1.1:1900/rootDesc.xml\r\nNT: urn:schemas-upnp-org:device:InternetGatewayDevice:1\r\nNTS: ssdp:alive\r\nUSN: uuid:1::urn:schemas-upnp-org:device:InternetGatewayDevice:1\r\n\r\n"
    static var ssdpMessages: [[UInt8]] { [ssdpSearch, ssdpResponse, ssdpNotify].map { Array($0.utf8) } }

    // MARK: Frames

    /// IPv4 packets of a scan, without a link-layer header.
    static var ipPackets: [[UInt8]] {
        let s = scanner, d = device
        let syn = PacketBuilder.ipv4(
            source: s,
            destination: d,
            protocol: .tcp,
            payload:
                PacketBuilder.tcp(
                    source: s,
                    destination: d,
                    sourcePort: 50_123,
                    destinationPort: 631,
                    sequence: 1000,
                    flags: .syn
                )
        )
        return [
            syn,
            PacketBuilder.ipv4(
                source: d,
                destination: s,
                protocol: .tcp,
                payload:
                    PacketBuilder.tcp(
                        source: d,
                        destination: s,
                        sourcePort: 631,
                        destinationPort: 50_123,
                        sequence: 77,
                        acknowledgment: 1001,
                        flags: [.syn, .ack]
                    )
            ),
            PacketBuilder.ipv4(
                source: d,
                destination: s,
                protocol: .tcp,
                payload:
                    PacketBuilder.tcp(
                        source: d,
                        destination: s,
                        sourcePort: 22,
                        destinationPort: 50_124,
                        sequence: 0,
                        acknowledgment: 1001,
                        flags: [.rst, .ack]
                    )
            ),
            PacketBuilder.ipv4(
                source: s,
                destination: d,
                protocol: .tcp,
                payload:
                    PacketBuilder.tcp(
                        source: s,
                        destination: d,
                        sourcePort: 50_125,
                        destinationPort: 80,
                        sequence: 5,
                        acknowledgment: 9,
                        flags: [.psh, .ack],
                        payload: Array("GET / HTTP/1.0\r\n\r\n".utf8)
                    )
            ),
            PacketBuilder.ipv4(
                source: s,
                destination: d,
                protocol: .icmp,
                payload:
                    PacketBuilder.icmpEcho(
                        reply: false,
                        identifier: 0x5B,
                        sequence: 1,
                        data: Array(repeating: 0x42, count: 56)
                    )
            ),
            PacketBuilder.ipv4(
                source: d,
                destination: s,
                protocol: .icmp,
                payload:
                    PacketBuilder.icmpEcho(
                        reply: true,
                        identifier: 0x5B,
                        sequence: 1,
                        data: Array(repeating: 0x42, count: 56)
                    )
            ),
            PacketBuilder.ipv4(
                source: d,
                destination: s,
                protocol: .icmp,
                payload: PacketBuilder.icmpError(type: 3, code: 3, quoting: syn)
            ),
            PacketBuilder.ipv4(
                source: d,
                destination: IPv4Address(224, 0, 0, 251),
                protocol: .udp,
                payload:
                    PacketBuilder.udp(
                        source: d,
                        destination: IPv4Address(224, 0, 0, 251),
                        sourcePort: 5353,
                        destinationPort: 5353,
                        payload: mdnsResponse.encoded()
                    )
            ),
            PacketBuilder.ipv4(
                source: s,
                destination: IPv4Address(239, 255, 255, 250),
                protocol: .udp,
                payload:
                    PacketBuilder.udp(
                        source: s,
                        destination: IPv4Address(239, 255, 255, 250),
                        sourcePort: 50_000,
                        destinationPort: 1900,
                        payload: Array(ssdpSearch.utf8)
                    )
            ),
            PacketBuilder.ipv4(
                source: d,
                destination: s,
                protocol: .udp,
                payload:
                    PacketBuilder.udp(
                        source: d,
                        destination: s,
                        sourcePort: 1900,
                        destinationPort: 50_000,
                        payload: Array(ssdpResponse.utf8)
                    )
            ),
            PacketBuilder.ipv4(
                source: IPv4Address(192, 168, 1, 1),
                destination: s,
                protocol: .udp,
                payload:
                    PacketBuilder.udp(
                        source: IPv4Address(192, 168, 1, 1),
                        destination: s,
                        sourcePort: 53,
                        destinationPort: 40_000,
                        payload: reverseAnswer.encoded()
                    )
            ),
        ]
    }

    static var arpRequest: [UInt8] {
        PacketBuilder.arp(
            operation: .request,
            senderMAC: scannerMAC,
            senderIP: scanner,
            targetMAC: .zero,
            targetIP: device
        )
    }

    /// Ethernet frames: the IP packets and an ARP request.
    static var ethernetFrames: [[UInt8]] {
        ipPackets.map { PacketBuilder.ethernet(destination: deviceMAC, source: scannerMAC, type: .ipv4, payload: $0) }
            + [PacketBuilder.ethernet(destination: .broadcast, source: scannerMAC, type: .arp, payload: arpRequest)]
    }

    /// 802.11 frames of a scan as a monitor-mode capture holds them: the Ethernet frames as QoS
    /// data (one a retry, one dozing, one protected), a beacon and an ACK.
    static var wlanFrames: [[UInt8]] {
        let data = ethernetFrames.enumerated().compactMap { i, frame in
            WLANEncapsulation.ieee80211(frame, retry: i == 1, powerSave: i == 2, protected: i == 3)
        }
        return data + [WLANEncapsulation.beacon(), WLANEncapsulation.ack(to: scannerMACBytes)]
    }

    /// The 802.11 frames behind radiotap headers of every PHY (DSSS, OFDM, HT, VHT, HE), one
    /// with an extended presence word and a vendor namespace.
    static var radiotapFrames: [[UInt8]] {
        let rates: [WLANEncapsulation.Rate] = [.legacy(2), .legacy(108), .ht(7), .vht(9, streams: 2), .he(11)]
        return wlanFrames.enumerated().map { i, frame in
            WLANEncapsulation.radiotap(frame, rate: rates[i % rates.count], extended: i.isMultiple(of: 3))
        }
    }

    /// Linux cooked v1 (DLT 113): packet type, ARPHRD_ETHER, address length 6, address (8), protocol.
    static func sll(_ packet: [UInt8], protocol type: UInt16 = 0x0800) -> [UInt8] {
        var frame: [UInt8] = [0, 4, 0, 1, 0, 6]
        frame += scannerMACBytes
        frame += [0, 0]
        frame += be16(type)
        return frame + packet
    }

    /// BSD loopback (DLT 0): the address family in host byte order (little-endian here).
    static func null(_ packet: [UInt8]) -> [UInt8] { [2, 0, 0, 0] + packet }

    static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
    static func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> ((3 - $0) * 8)) } }

    // MARK: Capture files

    /// A classic pcap file: `magic` picks the precision and byte order as written by the sender.
    static func pcap(frames: [[UInt8]], linkType: UInt32, nanosecond: Bool, bigEndian: Bool) -> [UInt8] {
        func u32(_ value: UInt32) -> [UInt8] { bigEndian ? be32(value) : le32(value) }
        func u16(_ value: UInt16) -> [UInt8] { bigEndian ? be16(value) : le16(value) }
        let magic: UInt32 = nanosecond ? 0xA1B2_3C4D : 0xA1B2_C3D4
        var file: [UInt8] = u32(magic)
        file += u16(2)
        file += u16(4)
        for field: UInt32 in [0, 0, 262_144, linkType] { file += u32(field) }
        for (i, frame) in frames.enumerated() {
            let length = UInt32(frame.count)
            for field: UInt32 in [1_763_700_000 + UInt32(i), UInt32(i) * 1000, length, length] { file += u32(field) }
            file += frame
        }
        return file
    }

    /// A pcapng file: section header, one interface (nanosecond timestamps), one enhanced packet
    /// block per frame, as tcpdump and Wireshark write it.
    static func pcapng(frames: [[UInt8]], linkType: UInt16) -> [UInt8] {
        var builder = PcapngBuilder()
        let interface = builder.addInterface(linkType: linkType)
        for (i, frame) in frames.enumerated() {
            builder.addPacket(interface: interface, timestamp: 1_763_700_000_000_000_000 + Int64(i) * 1000, data: frame)
        }
        return builder.bytes
    }

    /// The two iPhone routes' pcapng files (docs/REAL-DEVICES.md): Apple's `tcpdump -P` (an
    /// interface per link type, process blocks referenced from packets) and pymobiledevice3's
    /// (one fake-Ethernet interface, the process in each packet's comment). Every other packet
    /// is sent by a daemon on the app's behalf, so the effective-process fields are fuzzed too.
    static var iPhoneCaptures: [[UInt8]] {
        let frames = Array(ethernetFrames.prefix(4))
        let app = PacketProcess(pid: 412, name: "NetMonitor")!
        let daemon = PacketProcess(pid: 97, name: "mDNSResponder")!
        var apple = PcapngBuilder(application: "tcpdump")
        let ethernet = apple.addInterface(linkType: 1, name: "en0")
        let raw = apple.addInterface(linkType: 101, name: "utun3")
        let process = apple.addProcess(app)
        let delegate = apple.addProcess(daemon)
        for (i, frame) in frames.enumerated() {
            let rawFrame = LinkEncapsulation.rawIP(frame)
            apple.addPacket(
                interface: rawFrame == nil ? ethernet : (i.isMultiple(of: 2) ? ethernet : raw),
                timestamp: 1_763_700_000_000_000_000 + Int64(i) * 1000,
                data: i.isMultiple(of: 2) ? frame : (rawFrame ?? frame),
                processIndex: i.isMultiple(of: 2) ? process : delegate,
                effectiveProcessIndex: process
            )
        }
        var phone = PcapngBuilder(application: "pymobiledevice3")
        let fake = phone.addInterface(linkType: 1)
        for (i, frame) in frames.enumerated() {
            phone.addPacket(
                interface: fake,
                timestamp: 1_763_700_000_000_000_000 + Int64(i) * 1000,
                data: frame,
                comment: (i.isMultiple(of: 2) ? app : daemon).pymobiledevice3Comment(effective: app)
            )
        }
        return [apple.bytes, phone.bytes]
    }

    /// A pcapng whose packets alternate between Int64's extreme timestamps: readers clamp them
    /// into `CaptureRecord.timestamps` (before that, the RTT of a SYN answered "before" it was
    /// sent overflowed and trapped; found by the capture-file target).
    static var extremeTimestamps: [UInt8] {
        var builder = PcapngBuilder()
        let interface = builder.addInterface(linkType: 1)
        // Eight rounds: each echo request and its reply, 2^62 ns apart once clamped, give eight
        // round trips of -2^62 ns, whose sum overflows Int64 (RTTSummary's mean trapped on it).
        for _ in 0..<8 {
            for (i, frame) in ethernetFrames.enumerated() {
                builder.addPacket(
                    interface: interface,
                    timestamp: i.isMultiple(of: 2) ? Int64.max : Int64.min + 1,
                    data: frame
                )
            }
        }
        return builder.bytes
    }

    static var captureFiles: [[UInt8]] {
        let frames = Array(ethernetFrames.prefix(4))
        return [
            pcap(frames: frames, linkType: 1, nanosecond: true, bigEndian: false),
            pcap(frames: frames, linkType: 1, nanosecond: false, bigEndian: true),
            pcap(
                frames: ethernetFrames.prefix(3).compactMap(LinkEncapsulation.linuxCooked2),
                linkType: 276,
                nanosecond: false,
                bigEndian: false
            ),
            pcapng(frames: frames, linkType: 1),
        ]
    }

    // MARK: HTTP answers

    static func http(_ body: String, type: String, server: String = "Linux/4.9 UPnP/1.0") -> String {
        "HTTP/1.1 200 OK\r\nContent-Type: \(type)\r\nServer: \(server)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    static let webPage = http(
        "<!DOCTYPE html><html><head><title>HP OfficeJet Pro 9010 &amp; Co</title></head><body>EWS</body></html>",
        type: "text/html",
        server: "HP HTTP Server; HP OfficeJet Pro 9010"
    )
    static let upnpDescription = http(
        """
        <?xml version="1.0"?>
        <root xmlns="urn:schemas-upnp-org:device-1-0"><specVersion><major>1</major><minor>0</minor></specVersion>
        <device><deviceType>urn:schemas-upnp-org:device:MediaRenderer:1</deviceType><friendlyName>Living Room TV</friendlyName>
        <manufacturer>Samsung Electronics</manufacturer><modelName>UE55NU7400</modelName><UDN>uuid:1</UDN></device></root>
        """,
        type: "text/xml"
    )
    static let airplayInfo = http(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>deviceID</key><string>3C:D9:2B:7E:41:A6</string><key>model</key><string>AppleTV11,1</string>
        <key>name</key><string>Living Room</string><key>sourceVersion</key><string>670.6.2</string></dict></plist>
        """,
        type: "text/x-apple-plist+xml",
        server: "AirTunes/670.6.2"
    )
    static let castInfo = http(
        """
        {"bssid":"3c:d9:2b:7e:41:a6","build_version":"1.56.500000","mac_address":"3C:D9:2B:7E:41:A6","name":"Kitchen speaker","model_name":"Google Nest Mini","ssdp_udn":"uuid:1","uptime":1234.5,"version":12,"device_info":{"capabilities":{"audio_supported":true}}}
        """,
        type: "application/json"
    )

    // MARK: WHOIS answers

    static let whoisAnswers = [
        "% IANA WHOIS server\n% for more information on IANA, visit http://www.iana.org\n\nrefer:        whois.verisign-grs.com\n\ndomain:       COM\n\norganisation: VeriSign Global Registry Services\nstatus:       ACTIVE\nwhois:        whois.verisign-grs.com\n",
        "   Domain Name: EXAMPLE.COM\n   Registry Domain ID: 2336799_DOMAIN_COM-VRSN\n   Registrar WHOIS Server: whois.iana.org\n   Updated Date: 2024-08-14T07:01:34Z\n   Creation Date: 1995-08-14T04:00:00Z\n   Registry Expiry Date: 2025-08-13T04:00:00Z\n   Registrar: RESERVED-Internet Assigned Numbers Authority\n   Domain Status: clientDeleteProhibited https://icann.org/epp#clientDeleteProhibited\n   Name Server: A.IANA-SERVERS.NET\n   Name Server: B.IANA-SERVERS.NET\n>>> Last update of whois database: 2024-11-21T10:00:00Z <<<\n",
        "NetRange:       8.8.8.0 - 8.8.8.255\nCIDR:           8.8.8.0/24\nNetName:        GOGL\nOrgName:        Google LLC\nCountry:        US\nReferralServer: rwhois://rwhois.google.com:4321\n# ARIN WHOIS data and services are subject to the Terms of Use\n",
        "inetnum:        193.0.0.0 - 193.0.7.255\nnetname:        RIPE-NCC\ncountry:        NL\norg-name:       Reseaux IP Europeens Network Coordination Centre\naut-num:        AS3333\nas-name:        RIPE-NCC-AS\norigin:         AS3333\n",
    ]
}
