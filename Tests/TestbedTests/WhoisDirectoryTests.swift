@testable import Fixture
import Testing
import Wire
@testable import Testbed

@Suite("WHOIS matching")
struct WhoisDirectoryTests {
    static func directory() throws -> WhoisDirectory {
        WhoisDirectory(entries: try #require(ServiceTestFixture.fixture().upstream?.servers.first?.whois))
    }

    @Test func asnRangesMatchEitherCase() throws {
        let directory = try Self.directory()
        #expect(directory.match("AS64500")?.text?.contains("AS64500") == true)
        #expect(directory.match("as64511") != nil)
        #expect(directory.match("AS64512") == nil)
        #expect(directory.match("AS") == nil)
    }

    @Test func networksMatchAddressesInside() throws {
        let directory = try Self.directory()
        #expect(directory.match("198.19.3.4")?.text?.hasPrefix("inetnum") == true)
        #expect(directory.match("198.20.0.1") == nil)
    }

    @Test func domainsMatchExactlyOrOnALabelBoundary() throws {
        let directory = try Self.directory()
        #expect(directory.match("EXAMPLE")?.refer == "whois.registry.test")
        #expect(directory.match("shop.example")?.refer == "whois.registry.test")
        #expect(directory.match("shop.example.")?.refer == "whois.registry.test")
        #expect(directory.match("badexample") == nil)
        #expect(directory.match("www.shop.test")?.text == "Domain Name: SHOP.TEST")
    }

    @Test func answersReferOrQuoteOrSayNoMatch() throws {
        let directory = try Self.directory()
        let referral = directory.answer(for: "shop.example\r\n")
        #expect(referral.contains("refer:        whois.registry.test\r\n"))
        #expect(referral.contains("whois:        whois.registry.test\r\n"))
        #expect(referral.contains("domain:       SHOP.EXAMPLE\r\n"))
        #expect(directory.answer(for: "as64500") == "aut-num: AS64500\r\nas-name: BENCH-NET\r\n")
        #expect(directory.answer(for: "nothing.here") == "No match for \"nothing.here\".\r\n")
    }

    @Test func firstMatchWins() {
        let directory = WhoisDirectory(entries: [
            Fixture.WhoisEntry(query: "test", refer: nil, text: "first"),
            Fixture.WhoisEntry(query: "shop.test", refer: nil, text: "second"),
        ])
        #expect(directory.match("shop.test")?.text == "first")
    }
}
