import Foundation
import Testing
@testable import Wire

@Suite("Addresses")
struct AddressTests {
    @Test(
        "strict IPv4 parsing",
        arguments: [
            ("198.18.0.1", true), ("0.0.0.0", true), ("255.255.255.255", true),
            ("198.18.0", false), ("198.18.0.01", false), ("256.1.1.1", false), ("1..2.3", false), ("a.b.c.d", false),
            ("1.2.3.4 ", false),
        ]
    )
    func ipv4(text: String, valid: Bool) {
        #expect((IPv4Address(text) != nil) == valid)
        if valid { #expect(IPv4Address(text)!.description == text) }
    }

    @Test func macFormats() {
        #expect(MACAddress("3C:22:FB:01:02:0A")?.description == "3c:22:fb:01:02:0a")
        #expect(MACAddress("3c-22-fb-01-02-0a") == MACAddress("3c22fb01020a"))
        #expect(MACAddress("3c:22:fb:01:02") == nil)
        #expect(MACAddress("3c:22:fb:01:02:0g") == nil)
        #expect(MACAddress("3c:22fb:01:02:0a") == nil)
        #expect(MACAddress("3c22.fb01.020a") == MACAddress("3c22fb01020a"))
        #expect(MACAddress("3c:22-fb:01:02:0a") == nil, "one kind of separator throughout")
        #expect(MACAddress("3c22.fb01.02.0a") == nil)
        #expect(MACAddress.broadcast.isMulticast)
    }

    @Test func networks() throws {
        let net = try #require(IPv4Network("198.18.1.77/23"))
        #expect(net.description == "198.18.0.0/23")
        #expect(net.contains(IPv4Address("198.18.1.254")!))
        #expect(!net.contains(IPv4Address("198.18.2.1")!))
        #expect(net.hosts.count == 510)
        #expect(net.broadcast.description == "198.18.1.255")
        #expect(net.netmask.description == "255.255.254.0")
        #expect(IPv4Network("198.18.0.0/33") == nil)
    }

    /// The three address types share one text Codable (`TextCodable`): each must still encode as
    /// its text, decode it back, and reject bad text with its own hint.
    @Test("addresses encode as text and reject bad text with their own hint")
    func textCodable() throws {
        struct Box: Codable { var ip: IPv4Address; var net: IPv4Network; var mac: MACAddress }
        let json = #"{"ip":"198.18.0.5","mac":"3c:22:fb:12:34:56","net":"198.18.0.0/24"}"#
        let box = try JSONDecoder().decode(Box.self, from: Data(json.utf8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try encoder.encode(box), as: UTF8.self) == json.replacingOccurrences(of: "/", with: "\\/")
        )
        for (bad, hint) in [
            (
                #"{"ip":"1.2.3","mac":"3c:22:fb:12:34:56","net":"198.18.0.0/24"}"#,
                "'1.2.3' is not an IPv4 address; write four numbers"
            ),
            (
                #"{"ip":"198.18.0.5","mac":"3c:22","net":"198.18.0.0/24"}"#,
                "'3c:22' is not a MAC address; write six hex pairs"
            ),
            (
                #"{"ip":"198.18.0.5","mac":"3c:22:fb:12:34:56","net":"198.18.0.0"}"#,
                "'198.18.0.0' is not a network; write address/prefix"
            ),
        ] {
            do {
                _ = try JSONDecoder().decode(Box.self, from: Data(bad.utf8))
                Issue.record("decoded \(bad)")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.debugDescription.hasPrefix(hint))
            }
        }
    }
}
