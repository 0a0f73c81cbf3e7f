import Foundation
import Testing
import Wire
@testable import NetTools

@Suite("NetTools parsers and builders")
struct ToolParsingTests {
    @Test("echo request: header, sequence, marker, valid checksum; replies match on sequence and marker only")
    func icmpEcho() throws {
        let marker: [UInt8] = Array("SBntABCD".utf8)
        let request = MarkedICMPEcho.request(sequence: 0x0102, marker: marker)
        #expect(request.count == 64)
        #expect(Array(request[0..<2]) == [8, 0])
        #expect(Array(request[6..<8]) == [1, 2])
        #expect(Array(request[8..<16]) == marker)
        #expect(InternetChecksum.compute(request) == 0)
        var reply = request
        reply[0] = 0
        reply[4] = 0x12  // the kernel's identifier
        reply[2] = 0; reply[3] = 0
        let sum = InternetChecksum.compute(reply)
        reply[2] = UInt8(sum >> 8); reply[3] = UInt8(sum & 0xFF)
        #expect(MarkedICMPEcho.replySequence(reply, marker: marker) == 0x0102)
        #expect(MarkedICMPEcho.replySequence(reply, marker: Array("SBntXXXX".utf8)) == nil, "another run's reply")
        #expect(MarkedICMPEcho.replySequence(request, marker: marker) == nil, "a request is not a reply")
        // With an IPv4 header in front.
        let header: [UInt8] = [
            0x45, 0, 0, UInt8(20 + reply.count), 0, 0, 0, 0, 64, 1, 0, 0, 198, 18, 0, 1, 198, 18, 0, 50,
        ]
        #expect(MarkedICMPEcho.replySequence(header + reply, marker: marker) == 0x0102)
    }

    @Test("ping statistics: population standard deviation and loss")
    func pingStatistics() {
        let replies = [10.0, 20.0, nil, 30.0].enumerated().map {
            PingAttempt(sequence: $0.offset + 1, rttMs: $0.element, method: "icmp")
        }
        let statistics = PingStatistics(replies)
        #expect(statistics.transmitted == 4 && statistics.received == 3)
        #expect(statistics.lossPercent == 25)
        #expect(statistics.minMs == 10 && statistics.maxMs == 30 && statistics.avgMs == 20)
        #expect(abs(statistics.stddevMs! - (200.0 / 3).squareRoot()) < 1e-9)
        #expect(PingStatistics([]).lossPercent == 0)
    }

    @Test("port lists: presets, ranges, de-duplication and clear errors")
    func portSpec() throws {
        #expect(try PortSpec.parse("common").count == 19)
        #expect(try PortSpec.parse("well-known") == Array(1...1024))
        #expect(try PortSpec.parse("mail") == [25, 110, 143, 465, 587, 993, 995])
        #expect(try PortSpec.parse("web") == [80, 443, 3000, 5000, 8000, 8080, 8443])
        #expect(try PortSpec.parse("database") == [1433, 1521, 3306, 5432, 6379, 27017])
        #expect(try PortSpec.parse("22, 80,8000-8002,80") == [22, 80, 8000, 8001, 8002])
        #expect(throws: NetToolError.self) { try PortSpec.parse("70000-1") }
        #expect(throws: NetToolError.self) { try PortSpec.parse("100-1") }
        #expect(throws: NetToolError.self) { try PortSpec.parse("0") }
        #expect(throws: NetToolError.self) { try PortSpec.parse("http") }
        #expect(throws: NetToolError.self) { try PortSpec.parse("22,,23") }
        do { _ = try PortSpec.parse("70000-1"); Issue.record("accepted") } catch {
            #expect(error.description.contains("70000"))
        }
    }

    @Test("magic packet: 6 × FF then 16 × MAC; MAC forms accepted and rejected")
    func magicPacket() throws {
        let mac = try MagicPacket.parseMAC("8C-16-45-90-3D-5E")
        #expect(mac == MACAddress("8c:16:45:90:3d:5e"))
        #expect(try MagicPacket.parseMAC("8c1645903d5e") == mac)
        let packet = MagicPacket.bytes(for: mac)
        #expect(packet.count == 102)
        #expect(packet.prefix(6).allSatisfy { $0 == 0xFF })
        for copy in 0..<16 { #expect(Array(packet[(6 + copy * 6)..<(12 + copy * 6)]) == mac.array) }
        for bad in ["8c:16:45:90:3d", "8c:16:45:90:3d:5g", "8c:16-45:90:3d:5e", "", "8c:16:45:90:3d:5e:00"] {
            #expect(throws: NetToolError.self, "\(bad)") { try MagicPacket.parseMAC(bad) }
        }
    }

    @Test("WHOIS: fields of a registrar answer, referrals of each form")
    func whoisParsing() {
        let text = """
            Domain Name: NETMONITOR.EXAMPLE
            Registrar WHOIS Server: whois.registrar.example
            Updated Date: 2025-02-11T16:40:12Z
            Creation Date: 2019-03-14T09:21:07Z
            Registry Expiry Date: 2027-03-14T09:21:07Z
            Registrar: Example Registrar, Inc.
            Domain Status: clientTransferProhibited https://icann.org/epp#clientTransferProhibited
            Domain Status: clientUpdateProhibited https://icann.org/epp#clientUpdateProhibited
            Name Server: NS1.NETMONITOR.EXAMPLE
            Name Server: ns1.netmonitor.example
            Name Server: NS2.NETMONITOR.EXAMPLE
            >>> Last update of whois database: 2026-02-13T08:00:00Z <<<
            """
        let record = WhoisRecord(text: text)
        #expect(record.registrar == "Example Registrar, Inc.")
        #expect(record.created == "2019-03-14T09:21:07Z")
        #expect(record.updated == "2025-02-11T16:40:12Z")
        #expect(record.expires == "2027-03-14T09:21:07Z")
        #expect(record.nameServers == ["ns1.netmonitor.example", "ns2.netmonitor.example"])
        #expect(record.status == ["clientTransferProhibited", "clientUpdateProhibited"])
        #expect(WhoisRecord.referral(in: text) == "whois.registrar.example")
        #expect(
            WhoisRecord.referral(in: "% IANA\r\nrefer:        whois.nic.example\r\n\r\ndomain: EXAMPLE\r\n")
                == "whois.nic.example"
        )
        #expect(WhoisRecord.referral(in: "whois:  whois.rir.example\n") == "whois.rir.example")
        #expect(WhoisRecord.referral(in: "ReferralServer:  whois://whois.ripe.net:43\n") == "whois.ripe.net")
        #expect(WhoisRecord.referral(in: "ReferralServer:  rwhois://rwhois.example.net:4321\n") == nil)
        #expect(WhoisRecord.referral(in: "No match for \"X\".\n") == nil)
        let network = WhoisRecord(text: "aut-num: AS64500\nas-name: NETMONITOR-LAB\nstatus: ASSIGNED\n")
        #expect(network.network["as-name"] == "NETMONITOR-LAB")
    }

    @Test("WHOIS server map: built-in TLDs, kinds, map file and its errors")
    func whoisMap() throws {
        #expect(WhoisServerMap.builtIn.server(for: "apple.com") == "whois.verisign-grs.com")
        #expect(WhoisServerMap.builtIn.server(for: "x.org") == "whois.pir.org")
        #expect(WhoisServerMap.builtIn.server(for: "netmonitor.example") == "whois.iana.org")
        #expect(WhoisServerMap.kind(of: "AS64500") == .asn)
        #expect(WhoisServerMap.kind(of: "198.18.0.0/15") == .ip)
        #expect(WhoisServerMap.kind(of: "as-example.com") == .domain)
        let map = try WhoisServerMap.parse(
            "# lab\nexample whois.nic.example\n* whois.iana.example\nas whois.rir.example\n"
        )
        #expect(map.server(for: "netmonitor.example") == "whois.nic.example")
        #expect(map.server(for: "foo.test") == "whois.iana.example")
        #expect(map.server(for: "198.18.0.1") == "whois.iana.example")
        #expect(map.server(for: "AS64500") == "whois.rir.example")
        #expect(throws: NetToolError.invalidArgument("m:2: expected '<tld|ip|as|*> <server>', got 'broken'")) {
            try WhoisServerMap.parse("com a\nbroken\n", source: "m")
        }
    }

    @Test("DNS: query names, record rendering as dig, resolv.conf")
    func dns() throws {
        #expect(DNSLookup.queryName("198.18.0.10", type: .ptr).description == "10.0.18.198.in-addr.arpa")
        #expect(try DNSLookup.recordType("mx") == .mx)
        #expect(throws: NetToolError.self) { try DNSLookup.recordType("AXFR") }
        #expect(DNSLookup.render(.mx(preference: 10, exchange: "mail.home.arpa")) == "10 mail.home.arpa.")
        #expect(DNSLookup.render(.txt(strings: ["v=spf1 -all", "a\"b"])) == "\"v=spf1 -all\" \"a\\\"b\"")
        #expect(
            DNSLookup.render(.aaaa([0x20, 0x01, 0x0d, 0xb8] + [UInt8](repeating: 0, count: 11) + [1])) == "2001:db8::1"
        )
        let soa = DNSRecordData.SOA(
            primary: "ns.home.arpa",
            mailbox: "hostmaster.home.arpa",
            serial: 1,
            refresh: 2,
            retry: 3,
            expire: 4,
            minimum: 5
        )
        #expect(DNSLookup.render(.soa(soa)) == "ns.home.arpa. hostmaster.home.arpa. 1 2 3 4 5")
        // A full answer decoded by the Wire codec.
        let response = DNSMessage(
            id: 7,
            isResponse: true,
            questions: [DNSQuestion(name: "fritz-box.home.arpa", type: .a)],
            answers: [DNSResourceRecord(name: "fritz-box.home.arpa", data: .a(IPv4Address(198, 18, 0, 1)), ttl: 60)]
        )
        let decoded = try DNSMessage(bytes: response.encoded())
        #expect(
            decoded.answers.map(DNSLookup.answer) == [
                DNSLookup.Answer(name: "fritz-box.home.arpa.", ttl: 60, type: "A", data: "198.18.0.1")
            ]
        )
        let conf = ResolvConf(
            text: "# x\nnameserver 198.18.0.1\nnameserver ::1\nsearch home.arpa\noptions timeout:2 attempts:3\n"
        )
        #expect(conf.nameservers == [IPv4Address(198, 18, 0, 1)])
        #expect(conf.search == ["home.arpa"] && conf.timeout == 2 && conf.attempts == 3)
    }

    @Test("host monitor reports the initial state, then only transitions")
    func monitorTransitions() {
        let first = HostMonitor.transitions(previous: [:], current: ["a": true, "b": false], round: 1)
        #expect(first.map { "\($0.host):\($0.from ?? "-")>\($0.to)" } == ["a:->up", "b:->down"])
        #expect(
            HostMonitor.transitions(previous: ["a": true, "b": false], current: ["a": true, "b": false], round: 2)
                .isEmpty
        )
        let change = HostMonitor.transitions(
            previous: ["a": true, "b": false],
            current: ["a": false, "b": true],
            round: 3
        )
        #expect(change.map { "\($0.host):\($0.from ?? "-")>\($0.to)" } == ["a:up>down", "b:down>up"])
    }

    @Test("certificate report from openssl x509 output")
    func certificate() throws {
        let text = """
            subject=CN=family-nas
            issuer=CN=family-nas
            notBefore=Nov 21 10:10:12 2025 GMT
            notAfter=Nov  1 10:10:12 2035 GMT
            X509v3 Subject Alternative Name:\u{20}
                DNS:family-nas, IP Address:198.18.0.61
            """
        let now = CertificateReport.parseDate("Nov 1 10:10:12 2035 GMT")!.addingTimeInterval(-10 * 86400 - 5)
        let report = CertificateReport.parse(x509: text, host: "nas", port: 5001, verification: "ok", now: now)
        #expect(report.subject == "CN=family-nas" && report.selfSigned)
        #expect(report.subjectAltNames == ["DNS:family-nas", "IP Address:198.18.0.61"])
        #expect(report.daysLeft == 10 && !report.expired)
        let endpoint = try CertificateChecker.endpoint("nas:5001")
        #expect(endpoint.host == "nas" && endpoint.port == 5001)
        #expect(throws: NetToolError.self) { try CertificateChecker.endpoint("nas:99999") }
    }
}
