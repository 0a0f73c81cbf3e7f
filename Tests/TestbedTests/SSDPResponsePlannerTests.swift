import Testing
import Wire
@testable import Testbed

@Suite("SSDP search responses")
struct SSDPResponsePlannerTests {
    static func planner() throws -> SSDPResponsePlanner {
        let device = try ServiceTestFixture.device()
        return SSDPResponsePlanner(service: try #require(device.ssdp), ip: device.ip)
    }

    static func search(_ st: String, mx: String? = "2", man: String? = "\"ssdp:discover\"") -> SSDPSearchRequest? {
        var lines = ["M-SEARCH * HTTP/1.1", "HOST: 239.255.255.250:1900"]
        if let man { lines.append("MAN: \(man)") }
        if let mx { lines.append("MX: \(mx)") }
        lines.append("ST: \(st)")
        return try? SSDPSearchRequest(decoding: Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)[...])
    }

    static func header(_ name: String, in response: String) -> String? {
        response.split(separator: "\r\n").first { $0.hasPrefix(name + ":") }.map {
            String($0.dropFirst(name.count + 1)).trimmingSpaces
        }
    }

    @Test func requestsWithoutMANOrMXAreDropped() {
        #expect(Self.search("ssdp:all", mx: nil) == nil)
        #expect(Self.search("ssdp:all", man: nil) == nil)
        #expect(Self.search("ssdp:all", man: "\"ssdp:alive\"") == nil)
        #expect(Self.search("ssdp:all", mx: "soon") == nil)
        #expect(
            (try? SSDPSearchRequest(
                decoding: Array("NOTIFY * HTTP/1.1\r\nMX: 1\r\nMAN: \"ssdp:discover\"\r\nST: ssdp:all\r\n\r\n".utf8)[
                    ...
                ]
            )) == nil
        )
        #expect(Self.search("ssdp:all", mx: "120")?.maxWait == 5)
    }

    @Test func ssdpAllAnswersEveryTarget() throws {
        let responses = try Self.planner().responses(to: try #require(Self.search("ssdp:all")))
        #expect(
            responses.map { Self.header("ST", in: $0) } == [
                "upnp:rootdevice", "uuid:12345678-abcd-4ef0-9123-0123456789ab",
                "urn:schemas-upnp-org:device:InternetGatewayDevice:1",
                "urn:schemas-upnp-org:service:WANIPConnection:1", "urn:schemas-upnp-org:service:Layer3Forwarding:1",
            ]
        )
        let first = responses[0]
        #expect(first.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(first.hasSuffix("\r\n\r\n"))
        #expect(Self.header("LOCATION", in: first) == "http://198.18.0.1:49152/rootDesc.xml")
        #expect(Self.header("SERVER", in: first) == "Linux/5.10 UPnP/1.0 MiniUPnPd/2.3")
        #expect(Self.header("CACHE-CONTROL", in: first) == "max-age=1800")
        #expect(Self.header("EXT", in: first) == "")
        #expect(Self.header("BOOTID.UPNP.ORG", in: first) == "1")
        #expect(Self.header("USN", in: first) == "uuid:12345678-abcd-4ef0-9123-0123456789ab::upnp:rootdevice")
    }

    @Test(arguments: [
        ("upnp:rootdevice", "uuid:12345678-abcd-4ef0-9123-0123456789ab::upnp:rootdevice"),
        ("uuid:12345678-abcd-4ef0-9123-0123456789ab", "uuid:12345678-abcd-4ef0-9123-0123456789ab"),
        (
            "urn:schemas-upnp-org:device:InternetGatewayDevice:1",
            "uuid:12345678-abcd-4ef0-9123-0123456789ab::urn:schemas-upnp-org:device:InternetGatewayDevice:1"
        ),
        (
            "urn:schemas-upnp-org:service:WANIPConnection:1",
            "uuid:12345678-abcd-4ef0-9123-0123456789ab::urn:schemas-upnp-org:service:WANIPConnection:1"
        ),
    ])
    func eachTargetAnswersOnce(target: String, usn: String) throws {
        let responses = try Self.planner().responses(to: try #require(Self.search(target)))
        #expect(responses.count == 1)
        #expect(Self.header("ST", in: responses[0]) == target)
        #expect(Self.header("USN", in: responses[0]) == usn)
    }

    @Test func unknownTargetsGetNothing() throws {
        #expect(
            try Self.planner().responses(to: try #require(Self.search("urn:schemas-upnp-org:device:MediaRenderer:1")))
                .isEmpty
        )
    }

    @Test func delayIsCappedByMXAndRandomWithin() throws {
        let planner = try Self.planner()
        #expect(planner.delayMilliseconds(for: try #require(Self.search("ssdp:all", mx: "1"))) == 300)
        #expect(planner.delayMilliseconds(for: try #require(Self.search("ssdp:all", mx: "0"))) == 0)
        var unset = planner.service
        unset.delayMs = nil
        let random = SSDPResponsePlanner(service: unset, ip: planner.ip)
        var seen: ClosedRange<Int>?
        _ = random.delayMilliseconds(for: try #require(Self.search("ssdp:all", mx: "3"))) { range in
            seen = range; return 0
        }
        #expect(seen == 0...3000)
    }
}
