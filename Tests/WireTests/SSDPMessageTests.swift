import Testing
@testable import Wire

@Suite("SSDP messages")
struct SSDPMessageTests {
    @Test func decodesMSearch() throws {
        let text =
            "M-SEARCH * HTTP/1.1\r\nHOST: 239.255.255.250:1900\r\nMAN: \"ssdp:discover\"\r\nMX: 2\r\nST: ssdp:all\r\n\r\n"
        let message = try SSDPMessage(decoding: Array(text.utf8)[...])
        #expect(message.kind == .search)
        #expect(message.startLine == .request(method: "M-SEARCH", target: "*", version: "HTTP/1.1"))
        #expect(message.header("st") == "ssdp:all")
        #expect(message.header("MAN") == "\"ssdp:discover\"")
        #expect(message.headers.count == 4)
    }

    @Test func decodesResponseAndNotifyWithBareLF() throws {
        let response = try SSDPMessage(
            decoding: Array("HTTP/1.1 200 OK\nST: upnp:rootdevice\nLOCATION: http://198.18.0.5:80/d.xml\n\n".utf8)[...]
        )
        #expect(response.kind == .response)
        #expect(response.startLine == .response(version: "HTTP/1.1", status: 200, reason: "OK"))
        #expect(response.header("location") == "http://198.18.0.5:80/d.xml")
        let notify = try SSDPMessage(decoding: Array("NOTIFY * HTTP/1.1\r\nNTS: ssdp:alive\r\n\r\n".utf8)[...])
        #expect(notify.kind == .notify)
    }

    @Test(arguments: ["", "hello", "GET\r\n\r\n", "HTTP/1.1 OK\r\n", "M-SEARCH * HTTP/1.1\r\nno colon here\r\n\r\n"])
    func rejectsMalformed(text: String) {
        #expect(throws: WireDecodingError.self) { try SSDPMessage(decoding: Array(text.utf8)[...]) }
    }

    /// `kind(classifying:)` reads ASCII byte by byte and must decide as the decoder does, the
    /// decoder's quirks included (`Int` reads a leading "+", extra spaces end up in the third part).
    @Test(arguments: [
        "M-SEARCH * HTTP/1.1\r\nST: ssdp:all\r\n\r\n", "NOTIFY * HTTP/1.1\nNTS: ssdp:alive\n",
        "HTTP/1.1 +200 OK\r\n\r\n",
        "HTTP/1.1 0200\r\n", "HTTP/1.1 -200 OK\r\n", "HTTP/1.1 1000 OK\r\n", "HTTP/1.1 99 OK\r\n", "HTTP/1.1   200\r\n",
        "SUBSCRIBE * HTTP/1.1\r\n\r\n", "M-SEARCH *  HTTP/1.1\r\n", "M-search * HTTP/1.1\r\n",
        "M-SEARCH * HTTP/1.1\r\n \t: x\r\n",
        "M-SEARCH * HTTP/1.1\r\nA:\r\n\r\nno colon after the blank line", "\r\nHTTP/1.1 200 OK",
        "HTTP/1.1 200 OK\r\r\n",
        "NOTIFY * HTTP/1.1\r\nSERVER: Caf\u{E9}\r\n\r\n", "\u{C9}TAT * HTTP/1.1\r\n\r\n", "",
    ])
    func classifiesAsTheDecoderDecides(text: String) {
        let bytes = Array(text.utf8)
        let decoded = Result { () throws(WireDecodingError) in try SSDPMessage(decoding: bytes[...]).kind }
        let classified = bytes.withUnsafeBytes { raw in
            Result { () throws(WireDecodingError) in try SSDPMessage.kind(classifying: raw) }
        }
        #expect(classified == decoded)
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: WireDecodingError.malformed(layer: .ssdp, reason: "payload is not UTF-8 text")) {
            try SSDPMessage(decoding: [0xFF, 0xFE, 0x0D, 0x0A][...])
        }
    }
}
