import Testing
import Wire
@testable import ScanKit

@Suite("Target planning")
struct TargetPlanTests {
    let me = IPv4Address("198.18.1.50")!

    @Test func netmaskPolicyProbesTheWholeSmallNetworkButUs() {
        let plan = TargetPlan(address: me, prefixLength: 23, policy: .netmask)
        #expect(plan.network == IPv4Network("198.18.0.0/23")!)
        #expect(plan.hosts.count == 509)  // 510 usable minus our own
        #expect(plan.hosts.first == IPv4Address("198.18.0.1")!)
        #expect(plan.hosts.last == IPv4Address("198.18.1.254")!)
        #expect(!plan.hosts.contains(me))
        #expect(plan.contains(IPv4Address("198.18.0.77")!))
        #expect(!plan.contains(IPv4Address("198.18.2.1")!))
    }

    @Test func assume24IgnoresTheRealMask() {
        let plan = TargetPlan(address: me, prefixLength: 22, policy: .assume24)
        #expect(plan.network == IPv4Network("198.18.1.0/24")!)
        #expect(plan.hosts.count == 253)
        #expect(plan.hosts.first == IPv4Address("198.18.1.1")!)
        #expect(!plan.contains(IPv4Address("198.18.0.9")!), "a /22's other /24s are never reached")
    }

    @Test func largeNetworkIsCappedToAWindowAroundUs() {
        let plan = TargetPlan(address: IPv4Address("198.18.100.0")!, prefixLength: 16, policy: .netmask, maxHosts: 1024)
        #expect(plan.hosts.count == 1024)
        #expect(plan.hosts.first == IPv4Address("198.18.98.0")!)
        #expect(plan.hosts.last == IPv4Address("198.18.102.0")!)
        #expect(plan.hosts == plan.hosts.sorted())
    }

    @Test func windowIsShiftedToStayInsideTheNetwork() {
        let low = TargetPlan(address: IPv4Address("198.18.0.3")!, prefixLength: 16, policy: .netmask, maxHosts: 100)
        #expect(low.hosts.first == IPv4Address("198.18.0.1")!)
        #expect(low.hosts.count == 100)
        let high = TargetPlan(
            address: IPv4Address("198.18.255.250")!,
            prefixLength: 16,
            policy: .netmask,
            maxHosts: 100
        )
        #expect(high.hosts.last == IPv4Address("198.18.255.254")!)
        #expect(high.hosts.count == 100)
    }

    /// The window computed on indices equals taking it from the materialised list, for seeded
    /// random networks, addresses (inside and outside the usable range) and caps.
    @Test func indexWindowMatchesTheMaterialisedList() {
        var random = RandomSource(seed: 0x7A26E7)
        for _ in 0..<400 {
            let prefix = Int.random(in: 20...32, using: &random)
            let address = IPv4Address(0xC612_0000 | UInt32.random(in: 0...0xFFFF, using: &random))
            let cap = Int.random(in: 1...5000, using: &random)
            let network = IPv4Network(address: address, prefixLength: prefix)
            let low = prefix >= 31 ? network.address.value : network.address.value + 1
            let high = prefix >= 31 ? network.broadcast.value : network.broadcast.value - 1
            let usable = (low...high).map(IPv4Address.init).filter { $0 != address }
            let ours = usable.firstIndex { $0 > address } ?? usable.count
            let start = usable.count > cap ? min(max(ours - cap / 2, 0), usable.count - cap) : 0
            let expected = Array(usable[start..<(start + min(usable.count, cap))])
            #expect(
                TargetPlan(address: address, prefixLength: prefix, policy: .netmask, maxHosts: cap).hosts == expected,
                "\(address)/\(prefix), cap \(cap)"
            )
        }
    }

    @Test func aSlashEightIsPlannedWithoutListingIt() {
        let plan = TargetPlan(address: IPv4Address(127, 0, 0, 1), prefixLength: 8, policy: .netmask, maxHosts: 4)
        #expect(
            plan.hosts == [
                IPv4Address(127, 0, 0, 2), IPv4Address(127, 0, 0, 3), IPv4Address(127, 0, 0, 4),
                IPv4Address(127, 0, 0, 5),
            ]
        )
        let middle = TargetPlan(address: IPv4Address(10, 128, 0, 0), prefixLength: 8, policy: .netmask, maxHosts: 4)
        #expect(
            middle.hosts == [
                IPv4Address(10, 127, 255, 254), IPv4Address(10, 127, 255, 255), IPv4Address(10, 128, 0, 1),
                IPv4Address(10, 128, 0, 2),
            ]
        )
    }
}
