import Fixture
import Testing

/// The `ip_stack` keys of a device: loaded, turned into the sysctls and route attributes the
/// testbed applies, refused with file/line/fix, and round-tripped by the generator's writer.
@Suite("ip_stack fixture keys")
struct IPStackFixtureKeyTests {
    static let valid = """
        name: stacks
        network:
          subnet: 198.18.0.0/24
          gateway: 198.18.0.1
          scanner: {ip: 198.18.0.50, mac: "02:00:00:00:00:32"}
        devices:
          - {name: gateway, ip: 198.18.0.1, mac: "02:00:00:00:00:01", category: router}
          - name: windows-pc
            ip: 198.18.0.10
            mac: "02:00:00:00:00:0a"
            category: computer
            ip_stack: {ttl: 128, tcp_timestamps: true, tcp_sack: true, tcp_window_scaling: true, tcp_window_scale: 8, tcp_ecn: false, mss: 1460, initrwnd_segments: 6}
          - name: plug
            ip: 198.18.0.11
            mac: "02:00:00:00:00:0b"
            category: iot
            ip_stack: {ttl: 128, tcp_timestamps: false, tcp_sack: false, tcp_window_scaling: false, tcp_ecn: false, mss: 1460, initrwnd_segments: 4}
        """

    @Test func theKeysLoadAndBecomeSysctlsAndRouteAttributes() throws {
        let fixture = try FixtureLoader.load(text: Self.valid, file: FixtureErrorTests.file)
        #expect(fixture.devices[0].ipStack == nil)
        let windows = try #require(fixture.devices[1].ipStack)
        #expect(
            windows.sysctlSettings == [
                "net.ipv4.ip_default_ttl=128", "net.ipv4.tcp_timestamps=1", "net.ipv4.tcp_sack=1",
                "net.ipv4.tcp_window_scaling=1", "net.ipv4.tcp_ecn=0", "net.ipv4.tcp_rmem=4096 131072 8388608",
            ]
        )
        #expect(windows.routeAttributes == ["advmss", "1460", "initrwnd", "6"])
        let plug = try #require(fixture.devices[2].ipStack)
        #expect(
            plug.sysctlSettings.contains("net.ipv4.tcp_sack=0")
                && !plug.sysctlSettings.contains { $0.hasPrefix("net.ipv4.tcp_rmem") }
        )
        #expect(Fixture.IPStack().sysctlSettings.isEmpty && Fixture.IPStack().routeAttributes.isEmpty)
    }

    @Test func theWriterRoundTripsThem() throws {
        let fixture = try FixtureLoader.load(text: Self.valid, file: FixtureErrorTests.file)
        let written = FixtureYAMLWriter.yaml(fixture)
        #expect(written.contains("  ip_stack:\n    ttl: 128\n"))
        #expect(try FixtureLoader.load(text: written, file: "written.yaml") == fixture)
    }

    @Test func generatedWindowsAndLwIPDevicesCarryTheirStack() throws {
        let fixture = try LANGenerator.fixture(
            LANGeneratorOptions(seed: 1203, devices: 45, profile: .denseIoT, name: "stacks")
        )
        let stacks = fixture.devices.compactMap(\.ipStack)
        #expect(stacks.contains { $0.ttl == 128 && $0.tcpSack == false }, "an lwIP (ESP8266/Tuya) device")
        #expect(fixture.devices.contains { $0.ipStack == nil }, "Linux-family devices keep the kernel's defaults")
    }

    static func refuse(
        _ replacement: String,
        message: [String],
        fix: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let original =
            "ip_stack: {ttl: 128, tcp_timestamps: false, tcp_sack: false, tcp_window_scaling: false, tcp_ecn: false, mss: 1460, initrwnd_segments: 4}"
        let text = FixtureErrorTests.replacing(original, with: replacement, in: valid)
        FixtureErrorTests.expectRefusal(
            text,
            line: FixtureErrorTests.lineNumber(of: replacement, in: text),
            message: message,
            fix: fix,
            sourceLocation: sourceLocation
        )
    }

    @Test func ttlZeroIsRefused() {
        Self.refuse("ip_stack: {ttl: 0}", message: ["ip_stack.ttl", "ttl 0 is out of range"], fix: ["1 to 255 hops"])
    }

    @Test func mssAboveEthernetIsRefused() {
        Self.refuse("ip_stack: {mss: 9000}", message: ["ip_stack.mss", "mss 9000"], fix: ["536 to 1460 bytes"])
    }

    @Test func windowSegmentsOutOfRangeAreRefused() {
        Self.refuse("ip_stack: {initrwnd_segments: 0}", message: ["initrwnd_segments 0"], fix: ["1 to 64 segments"])
    }

    @Test func aShiftWithoutWindowScalingIsRefused() {
        Self.refuse(
            "ip_stack: {tcp_window_scaling: false, tcp_window_scale: 8}",
            message: ["tcp_window_scale is set but tcp_window_scaling is false"],
            fix: ["remove tcp_window_scale"]
        )
    }

    @Test func aSysctlValueNotABooleanIsRefused() {
        Self.refuse("ip_stack: {tcp_sack: 1}", message: ["tcp_sack"], fix: [])
    }

    @Test func unknownStackKeyIsRefused() {
        Self.refuse("ip_stack: {tcp_sak: false}", message: ["tcp_sak"], fix: ["tcp_sack"])
    }
}
