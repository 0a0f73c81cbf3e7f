import Testing
@testable import NetTools
import Wire

/// The probe reads a UPnP description only where an SSDP answer said it is.
@Suite("SSDP answers locate UPnP descriptions")
struct SSDPSearchTests {
    func answer(_ location: String?) -> [UInt8] {
        var lines = [
            "HTTP/1.1 200 OK", "CACHE-CONTROL: max-age=1800", "ST: upnp:rootdevice", "USN: uuid:1::upnp:rootdevice",
        ]
        if let location { lines.append("LOCATION: \(location)") }
        return Array((lines + ["", ""]).joined(separator: "\r\n").utf8)
    }

    @Test("a listening window gives MX = window - 1, at least 1 and at most 5")
    func listening() {
        #expect(SSDPSearch(listening: 1.5).mx == 1 && SSDPSearch(listening: 1.5).window == 1.5)
        #expect(SSDPSearch(listening: 4).mx == 3, "scan --probe's default: MX 3, 4 s")
        #expect(SSDPSearch(listening: 1).mx == 1 && SSDPSearch(listening: 6).mx == 5)
    }

    @Test("an http LOCATION on the sender itself is kept, split for the request")
    func kept() {
        let sender = IPv4Address(198, 18, 0, 9)
        let location = SSDPSearch.location(in: answer("http://198.18.0.9:4321/a/desc.xml?x=1"), from: sender)
        #expect(
            location
                == SSDPSearch.Location(
                    ip: sender,
                    port: 4321,
                    path: "/a/desc.xml?x=1",
                    url: "http://198.18.0.9:4321/a/desc.xml?x=1"
                )
        )
        #expect(SSDPSearch.location(in: answer("http://198.18.0.9"), from: sender)?.port == 80)
        #expect(SSDPSearch.location(in: answer("http://198.18.0.9"), from: sender)?.path == "/")
    }

    @Test("another host, another scheme, no LOCATION, or a request: nothing is fetched")
    func refused() {
        let sender = IPv4Address(198, 18, 0, 9)
        #expect(SSDPSearch.location(in: answer("http://198.18.0.10:80/d.xml"), from: sender) == nil)
        #expect(SSDPSearch.location(in: answer("https://198.18.0.9/d.xml"), from: sender) == nil)
        #expect(SSDPSearch.location(in: answer(nil), from: sender) == nil)
        let notify = Array("NOTIFY * HTTP/1.1\r\nLOCATION: http://198.18.0.9/d.xml\r\n\r\n".utf8)
        #expect(SSDPSearch.location(in: notify, from: sender) == nil)
    }
}
