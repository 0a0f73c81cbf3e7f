import Fixture
import Testing
@testable import Harness

/// nmap `-O -sV` XML (-oX) read into category guesses; the excerpts are nmap 7.93's output on
/// the home testbed, trimmed.
@Suite("nmap -O -sV peer")
struct NmapOSPeerTests {
    static let xml = """
        <host starttime="1" endtime="2"><status state="up" reason="arp-response" reason_ttl="0"/>
        <address addr="198.18.0.1" addrtype="ipv4"/><address addr="02:00:00:00:00:01" addrtype="mac"/>
        <hostnames>
        </hostnames>
        <ports><port protocol="tcp" portid="80"><state state="open"/><service name="http" product="FRITZ!Box 7590 (UI)" servicefp="SF:&quot;x&gt;" method="probed" conf="10"/></port></ports>
        <os><osmatch name="Linux 5.3 - 5.4" accuracy="96" line="1">
        <osclass type="general purpose" vendor="Linux" osfamily="Linux" osgen="5.X" accuracy="96"><cpe>cpe:/o:linux:linux_kernel:5</cpe></osclass>
        </osmatch><osmatch name="AXIS 210A" accuracy="93" line="2"><osclass type="webcam" vendor="AXIS" osfamily="embedded" accuracy="93"/></osmatch></os></host>
        <hosthint><status state="up"/><address addr="198.18.0.31" addrtype="ipv4"/><hostnames></hostnames></hosthint>
        <host><address addr="198.18.0.31" addrtype="ipv4"/><hostnames><hostname name="x" type="PTR"/></hostnames>
        <ports><port protocol="tcp" portid="631"><service name="ipp" product="CUPS" devicetype="printer" method="probed" conf="10"/></port></ports></host>
        <host><address addr="198.18.0.87" addrtype="ipv4"/><ports><port protocol="tcp" portid="4070"><service name="unknown" method="table" conf="3"/></port></ports></host>
        <host><address addr="198.18.0.90" addrtype="ipv4"/><os><osmatch name="F5 BIG-IP" accuracy="90"><osclass type="load balancer" vendor="F5" accuracy="90"/></osmatch></os></host>
        """

    @Test("the best osmatch's first osclass decides; then the services' devicetype; a type of no category is unknown")
    func guesses() throws {
        let guesses = NmapOSPeer.guesses(
            inXML: "<hosthint><address addr=\"198.18.0.9\" addrtype=\"ipv4\"/></hosthint>" + Self.xml
        )
        try #require(guesses.map(\.ip) == ["198.18.0.1", "198.18.0.31", "198.18.0.87", "198.18.0.90"])
        #expect(guesses.map(\.category) == ["computer", "printer", nil, nil])
        #expect(guesses[0].evidence == "osclass general purpose (Linux 5.X, 96 %)")
        #expect(guesses[3].evidence == "osclass load balancer maps to none")
    }

    @Test("the evidence ends with the reply TTL of the first port nmap recorded one for (reason_ttl 0 is none)")
    func replyTTL() {
        let xml = """
            <host><status state="up" reason="arp-response" reason_ttl="0"/><address addr="198.18.0.30" addrtype="ipv4"/><hostnames></hostnames>
            <ports><extraports state="filtered" count="999"><extrareasons reason="no-response" count="999"/></extraports>
            <port protocol="tcp" portid="445"><state state="open" reason="syn-ack" reason_ttl="128"/><service name="microsoft-ds" method="table" conf="3"/></port></ports>
            <os><osmatch name="Lexmark C534dn printer" accuracy="89" line="43192"><osclass type="printer" vendor="Lexmark" osfamily="embedded" accuracy="89"/></osmatch></os></host>
            <host><address addr="198.18.0.31" addrtype="ipv4"/><ports><port protocol="tcp" portid="22"><state state="open" reason="syn-ack" reason_ttl="64"/></port></ports></host>
            """
        let guesses = NmapOSPeer.guesses(inXML: xml)
        #expect(guesses.map(\.evidence) == ["osclass printer (Lexmark, 89 %); reply TTL 128", "reply TTL 64"])
        #expect(
            NmapOSPeer.guesses(inXML: Self.xml).allSatisfy { !($0.evidence ?? "").contains("TTL") },
            "reason_ttl 0 or absent: no TTL"
        )
    }

    @Test("targets go to nmap after the options, and the XML goes to standard output")
    func command() {
        let command = NmapOSPeer.command(targets: ["198.18.0.1"])
        #expect(command.prefix(3) == ["nmap", "-O", "-sV"])
        #expect(command.suffix(3) == ["-oX", "-", "198.18.0.1"])
    }

    @Test("the scanner's own address, which nmap -sn lists, is never a target (nothing left: no nmap run)")
    func scannerIsNoTarget() throws {
        let fixture = try FixtureLoader.load("tiny")
        let truth = GroundTruth(
            fixture: fixture,
            fixturePath: "tiny",
            testbedID: "t0",
            scannerNamespace: "scanbench-t0-none",
            routers: [],
            deviceNamespace: { "scanbench-t0-\($0)" }
        )
        let result = NmapOSPeer(truth: truth, fixture: "tiny").run(
            targets: [fixture.network.scanner.ip.description],
            repetition: 1
        )
        #expect(result.notMeasured == "nmap -sn found no host to fingerprint")
    }
}
