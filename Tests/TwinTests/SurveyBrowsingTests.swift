import CaptureFiles
import Foundation
import SyntheticFrames
import Testing
import Twin
import Wire

/// The survey check's per-type browsing, on hand-built captures: the types the meta-query's answers
/// name are read from the capture, and a type never browsed is a broken rule and an unseen line
/// (its instances, SRV and TXT are not in the twin).
@Suite("Survey check: mDNS types browsed")
struct SurveyBrowsingTests {
    typealias LAN = SyntheticLAN
    static let scanner = IPv4Address(198, 18, 0, 50)
    static let printer = IPv4Address(198, 18, 0, 20)
    static let speaker = IPv4Address(198, 18, 0, 21)
    static let group = IPv4Address(224, 0, 0, 251)

    /// A meta-query answered by the printer (`_ipp._tcp`, `_http._tcp`) and the speaker
    /// (`_raop._tcp`); then a browse of each type in `browsed`, each answered with an instance
    /// whose SRV names port 631; then a SYN to 631 of each host in `synned`, answered with a reset.
    static func capture(browsed: [String], synned: [IPv4Address] = []) throws -> String {
        var lan = LAN()
        for host in [printer, speaker] {
            lan.arp(.request, scanner, host)
            lan.arp(.reply, host, scanner)
        }
        let meta = DNSMessage(questions: [DNSQuestion(name: "_services._dns-sd._udp.local", type: .ptr)])
        lan.udp(scanner, 40000, group, 5353, meta.encoded())
        let announced: [(IPv4Address, [String])] = [
            (printer, ["_ipp._tcp.local", "_http._tcp.local"]), (speaker, ["_raop._tcp.local"]),
        ]
        for (host, types) in announced {
            let answer = DNSMessage(
                isResponse: true,
                isAuthoritative: true,
                answers: types.map {
                    DNSResourceRecord(name: "_services._dns-sd._udp.local", data: .ptr(DNSName($0)), ttl: 4500)
                }
            )
            lan.udp(host, 5353, scanner, 40000, answer.encoded())
        }
        for type in browsed {
            lan.udp(
                scanner,
                40001,
                group,
                5353,
                DNSMessage(questions: [DNSQuestion(name: DNSName(type), type: .ptr)]).encoded()
            )
            let host = type == "_raop._tcp.local" ? speaker : printer
            let instance = "Box.\(type)"
            let answer = DNSMessage(
                isResponse: true,
                isAuthoritative: true,
                answers: [DNSResourceRecord(name: DNSName(type), data: .ptr(DNSName(instance)), ttl: 4500)],
                additionals: [
                    DNSResourceRecord(
                        name: DNSName(instance),
                        data: .srv(priority: 0, weight: 0, port: 631, target: "box.local"),
                        ttl: 120
                    )
                ]
            )
            lan.udp(host, 5353, scanner, 40001, answer.encoded())
        }
        for host in synned {
            lan.tcp(scanner, 40002, host, 631, .syn, seq: 1)
            lan.tcp(host, 631, scanner, 40002, [.rst, .ack], seq: 0, ack: 2)
        }
        return try lan.writePcap(prefix: "survey-browse")
    }

    @Test("types named by meta-query answers and never browsed fail the check and are listed unseen")
    func unbrowsedTypes() throws {
        let path = try Self.capture(browsed: ["_http._tcp.local"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let observations = try TwinCaptureReader.read(path: path, scanner: Self.scanner)
        #expect(
            observations.announcedTypes == [
                "_ipp._tcp": [Self.printer], "_http._tcp": [Self.printer], "_raop._tcp": [Self.speaker],
            ]
        )
        let text = SurveyCheck.check(observations).text(file: "s.pcap")
        #expect(text.contains("meta-query (3 types in its answers) and 1 types browsed: _http._tcp"), "\(text)")
        #expect(
            text.contains(
                "missing: 2 of the 3 service types the meta-query's answers named never browsed (no PTR query for <type>.local): _ipp._tcp, _raop._tcp"
            ),
            "\(text)"
        )
        #expect(
            text.contains(
                "could not see: the instances, ports (SRV) and TXT of mDNS types announced and never browsed: _ipp._tcp (198.18.0.20), _raop._tcp (198.18.0.21); a twin holds no service of these types"
            ),
            "\(text)"
        )
        #expect(!text.contains("_http._tcp (198.18.0.20)"), "\(text)")
    }

    @Test("every announced type browsed: no browsing line, and the instances reach the observations")
    func everyTypeBrowsed() throws {
        let path = try Self.capture(browsed: ["_ipp._tcp.local", "_http._tcp.local", "_raop._tcp.local"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let observations = try TwinCaptureReader.read(path: path, scanner: Self.scanner)
        let text = SurveyCheck.check(observations).text(file: "s.pcap")
        #expect(text.contains("3 types browsed: _http._tcp, _ipp._tcp, _raop._tcp"), "\(text)")
        #expect(!text.contains("never browsed"), "\(text)")
        #expect(
            Set(observations.hosts[Self.printer]?.services.values.map(\.type) ?? []) == ["_ipp._tcp", "_http._tcp"]
        )
        #expect(observations.hosts[Self.speaker]?.services.values.first?.port == 631)
    }

    @Test("an SRV port no SYN asked is listed as not seen, by host; one asked is not")
    func srvPortsNeverAsked() throws {
        let all = ["_ipp._tcp.local", "_http._tcp.local", "_raop._tcp.local"]
        let path = try Self.capture(browsed: all)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = SurveyCheck.check(try TwinCaptureReader.read(path: path, scanner: Self.scanner)).text(file: "s.pcap")
        #expect(
            text.contains(
                "could not see: SRV ports never asked (no SYN to the port an instance's SRV record names): 198.18.0.20:631 (_http._tcp), 198.18.0.20:631 (_ipp._tcp), 198.18.0.21:631 (_raop._tcp); a twin leaves them at its default, closed"
            ),
            "\(text)"
        )
        let asked = try Self.capture(browsed: all, synned: [Self.speaker])
        defer { try? FileManager.default.removeItem(atPath: asked) }
        let askedText = SurveyCheck.check(try TwinCaptureReader.read(path: asked, scanner: Self.scanner)).text(
            file: "s.pcap"
        )
        #expect(askedText.contains("198.18.0.20:631 (_ipp._tcp)"), "\(askedText)")
        #expect(!askedText.contains("198.18.0.21:631"), "\(askedText)")
        // A valid survey stays valid: the line is under "could not see" only.
        #expect(!askedText.contains("missing: SRV"), "\(askedText)")
    }
}
