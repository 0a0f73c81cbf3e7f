import Testing
import Wire
@testable import ScanKit

@Suite("Target planning")
struct TargetPlanTests {
    let me = IPv4Address("198.18.1.50")!

    @Test func netmaskPolicyProbesTheWholeSmallNetworkButUs() {
        let plan = TargetPlan(address: me, prefixLength: 23, policy: .netmask)
        #expect(plan.network == IPv4Network("198.18.0.0/23")!)
        #expect(plan.hosts.count == 509) // 510 usable minus our own
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
        let high = TargetPlan(address: IPv4Address("198.18.255.250")!, prefixLength: 16, policy: .netmask, maxHosts: 100)
        #expect(high.hosts.last == IPv4Address("198.18.255.254")!)
        #expect(high.hosts.count == 100)
    }
}
