@testable import Fixture
import Testing
import StrictYAML

@Suite("Fixture loading")
struct FixtureLoadingTests {
    static let minimal = """
        name: mini
        network:
          subnet: 198.18.0.0/24
          gateway: 198.18.0.1
          scanner: {ip: 198.18.0.50, mac: "02:00:00:00:00:32"}
        devices:
          - name: gateway
            ip: 198.18.0.1
            mac: "02:00:00:00:00:01"
            category: router
            tcp: {open: [53, 80]}
        """

    @Test func minimalFixtureLoads() throws {
        let fixture = try FixtureLoader.load(text: Self.minimal, file: "mini.yaml")
        #expect(fixture.devices.count == 1)
        #expect(fixture.devices[0].tcpPorts.state(of: 80) == .open)
        #expect(fixture.devices[0].tcpPorts.state(of: 81) == .closed)
    }

    @Test func unknownKeyNamesLineAndSuggestion() {
        let text = Self.minimal.replacingOccurrences(
            of: "    category: router",
            with: "    category: router\n    hostnme: gw"
        )
        #expect {
            try FixtureLoader.load(text: text, file: "mini.yaml")
        } throws: { error in
            let e = error as! YAMLInputError
            return e.file == "mini.yaml" && e.line == 11 && e.message.contains("hostnme") && e.fix.contains("hostname")
        }
    }
}
