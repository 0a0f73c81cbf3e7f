import Platform
import Testing
import Wire

@Suite("/proc/net/route and /proc/net/arp, parsed once in Platform")
struct ProcTableTests {
    static let route = """
        Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
        wg0\t00000000\t00000000\t0001\t0\t0\t0\t00000000\t0\t0\t0
        eth1\t00000000\t010012C6\t0003\t0\t0\t100\t00000000\t0\t0\t0
        eth0\t00000000\t0100A8C0\t0003\t0\t0\t200\t00000000\t0\t0\t0
        eth0\t0000A8C0\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0
        """

    @Test("the default gateway is the first default route with a next hop, on the interface when one is named")
    func defaultGateway() {
        let routes = RouteTable.parse(Self.route)
        #expect(routes.count == 4)
        #expect(routes[3].destination == IPv4Address(192, 168, 0, 0) && !routes[3].isDefault)
        #expect(RouteTable.defaultGateway(in: routes) == IPv4Address(198, 18, 0, 1))
        #expect(RouteTable.defaultGateway(in: routes, interface: "eth0") == IPv4Address(192, 168, 0, 1))
        #expect(RouteTable.defaultGateway(in: routes, interface: "wg0") == nil)
    }

    @Test("every ARP row is kept with its flags; completeness is the reader's choice")
    func arpRows() {
        let text = """
            IP address       HW type     Flags       HW address            Mask     Device
            198.18.0.10      0x1         0x2         3c:22:fb:1a:2b:3c     *        eth0
            198.18.0.11      0x1         0x0         00:00:00:00:00:00     *        eth0
            198.18.0.15      0x1         0xc         02:00:00:00:00:02     *        eth1
            not-an-ip        0x1         0x2         02:00:00:00:00:03     *        eth1
            """
        let rows = ARPTable.parse(text)
        #expect(rows.map(\.ip.description) == ["198.18.0.10", "198.18.0.11", "198.18.0.15"])
        #expect(rows.map(\.isComplete) == [true, false, false])
        #expect(rows[2].flags == 0xC && rows[2].device == "eth1")
    }

    @Test("ProcFile reads past the first page of a procfs file that reports size 0")
    func procFileReadsToEnd() throws {
        let text = try #require(ProcFile.text("/proc/self/smaps"))
        #expect(text.utf8.count > 4096)
        #expect(ProcFile.text("/proc/self/no-such-file") == nil)
    }
}
