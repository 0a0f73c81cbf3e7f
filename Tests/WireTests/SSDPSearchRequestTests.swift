import Testing
import Wire

/// The one M-SEARCH type: what the scanner encodes is what a device parses, and a device refuses
/// what is not a search.
@Suite("SSDP search request")
struct SSDPSearchRequestTests {
    @Test(arguments: [(1, "ssdp:all"), (5, "upnp:rootdevice"), (3, "urn:schemas-upnp-org:device:MediaRenderer:1")])
    func encodedRequestParsesBackToItself(mx: Int, st: String) throws {
        let request = SSDPSearchRequest(mx: mx, st: st)
        #expect(try SSDPSearchRequest(decoding: request.bytes[...]) == request)
    }

    @Test func mxAboveFiveIsHonouredAsFive() throws {
        let parsed = try SSDPSearchRequest(decoding: SSDPSearchRequest(mx: 120, st: "ssdp:all").bytes[...])
        #expect(parsed.mx == 120 && parsed.maxWait == 5)
    }

    @Test func bareLFAndLowercaseHeaderNamesAreAccepted() throws {
        let text = "M-SEARCH * HTTP/1.1\nhost: 239.255.255.250:1900\nman: \"ssdp:discover\"\nmx: 2\nst: ssdp:all\n\n"
        #expect(try SSDPSearchRequest(decoding: Array(text.utf8)[...]) == SSDPSearchRequest(mx: 2, st: "ssdp:all"))
    }

    @Test(arguments: [
        "NOTIFY * HTTP/1.1\r\nMAN: \"ssdp:discover\"\r\nMX: 1\r\nST: ssdp:all\r\n\r\n",  // not a search
        "M-SEARCH /x HTTP/1.1\r\nMAN: \"ssdp:discover\"\r\nMX: 1\r\nST: ssdp:all\r\n\r\n",  // target not *
        "M-SEARCH * HTTP/1.0\r\nMAN: \"ssdp:discover\"\r\nMX: 1\r\nST: ssdp:all\r\n\r\n",  // not HTTP/1.1
        "M-SEARCH * HTTP/1.1\r\nMAN: \"ssdp:alive\"\r\nMX: 1\r\nST: ssdp:all\r\n\r\n",  // wrong MAN
        "M-SEARCH * HTTP/1.1\r\nMX: 1\r\nST: ssdp:all\r\n\r\n",  // no MAN
        "M-SEARCH * HTTP/1.1\r\nMAN: \"ssdp:discover\"\r\nMX: soon\r\nST: ssdp:all\r\n\r\n",  // MX not a number
        "M-SEARCH * HTTP/1.1\r\nMAN: \"ssdp:discover\"\r\nMX: -1\r\nST: ssdp:all\r\n\r\n",  // MX negative
        "M-SEARCH * HTTP/1.1\r\nMAN: \"ssdp:discover\"\r\nMX: 1\r\nST:\r\n\r\n",  // empty ST
        "M-SEARCH * HTTP/1.1\r\nMAN \"ssdp:discover\"\r\n\r\n",  // header without colon
    ])
    func malformedSearchIsRefused(text: String) {
        #expect(throws: WireDecodingError.self) { try SSDPSearchRequest(decoding: Array(text.utf8)[...]) }
    }
}
