import Testing
@testable import Wire

@Suite("Addresses")
struct AddressTests {
    @Test("strict IPv4 parsing", arguments: [
        ("198.18.0.1", true), ("0.0.0.0", true), ("255.255.255.255", true),
        ("198.18.0", false), ("198.18.0.01", false), ("256.1.1.1", false), ("1..2.3", false), ("a.b.c.d", false), ("1.2.3.4 ", false),
    ])
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
}
