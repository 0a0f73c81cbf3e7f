import Testing
import Wire
@testable import ScanKit

@Suite("SSDP: request text and address extraction")
struct SSDPPhaseTests {
    @Test func mSearchIsCRLFTerminatedWithQuotedMANAndStrategyMXAndST() throws {
        let request = SSDPSearchRequest(mx: 3, st: "ssdp:all")
        #expect(
            request.text
                == "M-SEARCH * HTTP/1.1\r\nHOST: 239.255.255.250:1900\r\nMAN: \"ssdp:discover\"\r\nMX: 3\r\nST: ssdp:all\r\n\r\n"
        )
        let parsed = try SSDPMessage(decoding: SSDPSearchRequest(mx: 5, st: "upnp:rootdevice").bytes[...])
        #expect(parsed.kind == .search)
        #expect(parsed.header("mx") == "5" && parsed.header("ST") == "upnp:rootdevice")
        #expect(parsed.header("MAN") == "\"ssdp:discover\"")
        #expect(!request.text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test func locationHeaderWinsOverEarlierAddresses() {
        let response =
            "HTTP/1.1 200 OK\r\nSERVER: Linux/3.2 10.0.0.9\r\nLocation: http://198.18.0.42:1400/xml/device_description.xml\r\nST: upnp:rootdevice\r\n\r\n"
        #expect(SSDPAddressExtractor.address(in: response) == IPv4Address(198, 18, 0, 42))
    }

    @Test func tokensMustBeStrictIPv4() {
        // Leading zeros and five-part runs are not addresses; the next strict token is taken.
        #expect(
            SSDPAddressExtractor.address(
                in: "HTTP/1.1 200 OK\r\nLOCATION: http://198.018.0.1:80/ http://198.18.0.7/\r\n\r\n"
            )
                == IPv4Address(198, 18, 0, 7)
        )
        #expect(
            SSDPAddressExtractor.firstIPv4Token(in: "1.2.3.4.5 and 256.1.1.1 and 9.9.9.9") == IPv4Address(9, 9, 9, 9)
        )
        #expect(SSDPAddressExtractor.firstIPv4Token(in: "HTTP/1.1") == nil)
    }

    @Test func withoutLocationTheFirstAddressAnywhereIsUsed() {
        #expect(
            SSDPAddressExtractor.address(in: "HTTP/1.1 200 OK\r\nUSN: uuid:x\r\nX-HOST: 198.18.0.85\r\n\r\n")
                == IPv4Address(198, 18, 0, 85)
        )
        #expect(SSDPAddressExtractor.address(in: "HTTP/1.1 200 OK\r\nLOCATION: http://printer.local/\r\n\r\n") == nil)
        #expect(
            SSDPAddressExtractor.address(in: "HTTP/1.1 200 OK\nlocation:http://198.18.0.1:49000/igd.xml\n\n")
                == IPv4Address(198, 18, 0, 1)
        )
    }
}
