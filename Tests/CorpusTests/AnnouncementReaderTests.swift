import Corpus
import Foundation
import Spawn
import SyntheticFrames
import Testing
import Wire

/// The extraction on a crafted capture (real protocol bytes: a DHCP request, an mDNS response, an
/// SSDP NOTIFY, a SYN/ACK and an HTTP response split over two segments, plus another host's DHCP
/// request), each field checked against tshark's reading of the same file.
@Suite struct AnnouncementReaderTests {
    static let device = IPv4Address(198, 18, 0, 10)
    static let other = IPv4Address(198, 18, 0, 11)
    static let peer = IPv4Address(198, 18, 0, 2)
    static let hasTshark = (try? ExecutableSearch.locate("tshark")) != nil

    /// A BOOTP request (RFC 2131 §2) with options 53, 12 and 60 (RFC 2132).
    static func dhcpRequest(mac: MACAddress, hostName: String, vendorClass: String) -> [UInt8] {
        var bytes: [UInt8] = [1, 1, 6, 0] + [0x12, 0x34, 0x56, 0x78] + [UInt8](repeating: 0, count: 20)
        bytes += mac.array + [UInt8](repeating: 0, count: 10 + 64 + 128)
        bytes += [99, 130, 83, 99, 53, 1, 1]
        bytes += [12, UInt8(hostName.utf8.count)] + Array(hostName.utf8)
        bytes += [60, UInt8(vendorClass.utf8.count)] + Array(vendorClass.utf8)
        return bytes + [255]
    }

    static func capture() throws -> String {
        var lan = SyntheticLAN()
        let mac = SyntheticLAN.mac(device)
        let broadcast = IPv4Address(255, 255, 255, 255)
        lan.udp(
            IPv4Address(0, 0, 0, 0),
            68,
            broadcast,
            67,
            dhcpRequest(mac: mac, hostName: "DCS-935L", vendorClass: "udhcp 1.22.1"),
            sourceMAC: mac
        )
        lan.udp(
            IPv4Address(0, 0, 0, 0),
            68,
            broadcast,
            67,
            dhcpRequest(mac: SyntheticLAN.mac(other), hostName: "other-host", vendorClass: "other"),
            sourceMAC: SyntheticLAN.mac(other)
        )
        let instance = "Hue Bridge._hap._tcp.local"
        let response = DNSMessage(
            isResponse: true,
            isAuthoritative: true,
            answers: [DNSResourceRecord(name: "_hap._tcp.local", data: .ptr(DNSName(instance)), ttl: 4500)],
            additionals: [
                DNSResourceRecord(
                    name: DNSName(instance),
                    data: .srv(priority: 0, weight: 0, port: 8080, target: "hue-bridge.local"),
                    ttl: 120
                ),
                DNSResourceRecord(
                    name: DNSName(instance),
                    data: .txt([Array("ci=2".utf8), Array("md=BSB002".utf8)]),
                    ttl: 4500
                ),
                DNSResourceRecord(name: "hue-bridge.local", data: .a(device), ttl: 120),
            ]
        )
        lan.udp(device, 5353, IPv4Address(224, 0, 0, 251), 5353, response.encoded())
        let notify = [
            "NOTIFY * HTTP/1.1", "HOST: 239.255.255.250:1900", "CACHE-CONTROL: max-age=100",
            "LOCATION: http://198.18.0.10:80/description.xml", "SERVER: Linux/3.14.0 UPnP/1.0 IpBridge/1.9.0",
            "NTS: ssdp:alive", "NT: urn:schemas-upnp-org:device:basic:1",
            "USN: uuid:2f402f80-da50-11e1-9b23-0017882476ff::urn:schemas-upnp-org:device:basic:1",
            "", "",
        ].joined(separator: "\r\n")
        lan.udp(device, 1900, IPv4Address(239, 255, 255, 250), 1900, Array(notify.utf8))
        lan.tcp(peer, 40000, device, 80, [.syn], seq: 100)
        lan.tcp(device, 80, peer, 40000, [.syn, .ack], seq: 5000, ack: 101)
        let body =
            "<?xml version=\"1.0\"?><root><device><deviceType>urn:schemas-upnp-org:device:Basic:1</deviceType>"
            + "<friendlyName>Philips hue</friendlyName><manufacturer>Royal Philips Electronics</manufacturer>"
            + "<modelName>Philips hue bridge 2015</modelName></device></root>"
        let http =
            "HTTP/1.1 200 OK\r\nServer: Linux/3.14.0 UPnP/1.0 IpBridge/1.9.0\r\nContent-Type: text/xml\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n" + body
        let bytes = Array(http.utf8)
        let cut = 90
        for (offset, part) in [(0, bytes[..<cut]), (cut, bytes[cut...])] {
            lan.ip(
                device,
                peer,
                .tcp,
                PacketBuilder.tcp(
                    source: device,
                    destination: peer,
                    sourcePort: 80,
                    destinationPort: 40000,
                    sequence: 5001 + UInt32(offset),
                    acknowledgment: 200,
                    flags: [.ack, .psh],
                    payload: Array(part)
                )
            )
        }
        return try lan.writePcap(prefix: "corpus-announcements")
    }

    static func tshark(_ path: String, _ filter: String, _ fields: [String]) throws -> [String] {
        let arguments =
            ["tshark", "-r", path, "-Y", filter, "-T", "fields", "-E", "occurrence=a", "-E", "aggregator=|"]
            + fields.flatMap { ["-e", $0] }
        let out = try ChildProcess.run(arguments, timeout: 60)
        #expect(out.status == 0, "\(out.stderr)")
        return out.stdout.split(separator: "\n").map(String.init)
    }

    @Test("what the reader takes from the device's frames is what tshark reads in them", .enabled(if: hasTshark))
    func agreesWithTshark() throws {
        let path = try Self.capture()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let mac = SyntheticLAN.mac(Self.device).description
        var reader = try AnnouncementReader(mac: mac)
        try reader.read(path: path)
        let heard = reader.finished()
        let source = "eth.src == \(mac)"

        let dhcp = try Self.tshark(path, "\(source) && dhcp", ["dhcp.option.hostname", "dhcp.option.vendor_class_id"])
        #expect(dhcp == ["DCS-935L\tudhcp 1.22.1"])
        #expect(heard.dhcpHostNames == ["DCS-935L"])
        #expect(heard.dhcpVendorClasses == ["udhcp 1.22.1"])

        let mdns = try Self.tshark(
            path,
            "\(source) && mdns",
            ["dns.ptr.domain_name", "dns.srv.port", "dns.txt", "dns.a"]
        )
        #expect(mdns == ["Hue Bridge._hap._tcp.local\t8080\tci=2|md=BSB002\t198.18.0.10"])
        let service = try #require(heard.mdnsServices.first)
        #expect(heard.mdnsServices.count == 1)
        #expect("\(service.instance).\(service.type).local" == "Hue Bridge._hap._tcp.local")
        #expect(service.port == 8080)
        #expect(service.txt == ["ci": "2", "md": "BSB002"])
        #expect(service.addresses == ["198.18.0.10"])
        #expect(heard.mdnsHostNames == ["hue-bridge"])

        let ssdp = try Self.tshark(path, "\(source) && ssdp", ["http.server", "http.location"])
        #expect(ssdp == ["Linux/3.14.0 UPnP/1.0 IpBridge/1.9.0\thttp://198.18.0.10:80/description.xml"])
        #expect(heard.ssdpServers == ["Linux/3.14.0 UPnP/1.0 IpBridge/1.9.0"])
        #expect(heard.ssdpLocations == ["http://198.18.0.10:80/description.xml"])
        #expect(heard.ssdpDeviceTypes == ["urn:schemas-upnp-org:device:basic:1"])

        let synack = try Self.tshark(path, "\(source) && tcp.flags.syn == 1 && tcp.flags.ack == 1", ["tcp.srcport"])
        #expect(heard.openPorts.map(String.init) == synack)

        let http = try Self.tshark(path, "\(source) && http.response", ["http.server"])
        #expect(http == ["Linux/3.14.0 UPnP/1.0 IpBridge/1.9.0"])
        #expect(heard.httpServers == ["Linux/3.14.0 UPnP/1.0 IpBridge/1.9.0"])
        #expect(heard.upnpDeviceType == "urn:schemas-upnp-org:device:Basic:1")
        #expect(heard.upnpModel == "Philips hue bridge 2015")
        #expect(heard.frames == 6)
    }
}
