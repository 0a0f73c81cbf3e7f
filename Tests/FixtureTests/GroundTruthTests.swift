import Fixture
import Foundation
import Testing

/// The ground truth is the model's: built from a fixture and the runtime's names alone, and read
/// back from JSON as `testbed status --json` writes it.
@Suite("Ground truth")
struct GroundTruthTests {
    @Test("each device's truth carries the namespace the runtime names it, its FQDN and its ports by state")
    func truthFromTheModel() throws {
        let fixture = try FixtureLoader.load("tiny")
        let truth = GroundTruth(
            fixture: fixture,
            fixturePath: "tiny",
            testbedID: "t1",
            scannerNamespace: "sb-t1-scanner",
            routers: ["r1", "r2"],
            deviceNamespace: { "sb-t1-\($0)" }
        )
        #expect(truth.devices.count == fixture.devices.count)
        let gateway = try #require(truth.devices.first { $0.device.name == "gateway" })
        #expect(gateway.namespace == "sb-t1-gateway")
        #expect(gateway.fqdn == "fritz-box.home.arpa")
        #expect(gateway.tcpOpen == [53, 80, 49000] && gateway.tcpDefault == .closed)
        #expect(truth.scanner.namespace == "sb-t1-scanner" && truth.scanner.ip == fixture.network.scanner.ip)
        #expect(truth.routers == ["r1", "r2"] && truth.servers.count == fixture.upstream?.servers.count)

        let json = try JSONEncoder().encode(truth)
        let keys = try #require(JSONSerialization.jsonObject(with: json) as? [String: Any]).keys
        #expect(Set(keys).isSuperset(of: ["schema_version", "testbed_id", "fixture_path", "devices"]))
        let again = try JSONDecoder().decode(GroundTruth.self, from: json)
        #expect(again.devices.map(\.device) == fixture.devices)
    }
}
