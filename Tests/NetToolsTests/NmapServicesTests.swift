import Foundation
import Testing
@testable import NetTools

/// Probe ports from nmap's open-frequency column, and the fallback when the file is missing.
@Suite("Top ports from nmap-services")
struct NmapServicesTests {
    static let sample = """
        # Fields in this file are: Service name, portnum/protocol, open-frequency, optional comments
        http\t80/tcp\t0.484143\t# World Wide Web HTTP
        http\t80/udp\t0.035767
        telnet\t23/tcp\t0.221265
        https\t443/tcp\t0.208669
        unknown\t49152/tcp\t0.007907
        ipp\t631/tcp\t0.006160
        printer\t515/tcp\t0.007214
        rare\t4/tcp\t0.000000

        """

    @Test("ranked by open-frequency, TCP only, names but not 'unknown'")
    func parse() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("nmap-services-\(UUID().uuidString)")
            .path
        try Self.sample.write(toFile: path, atomically: true, encoding: .utf8)
        let services = NmapServices(path: path)
        #expect(services.notice == nil)
        #expect(services.topTCPPorts(4) == [80, 23, 443, 49152])
        #expect(services.topTCPPorts(100).count == 7)
        #expect(services.name(tcp: 631) == "ipp")
        #expect(services.name(tcp: 49152) == nil)
    }

    @Test("missing file: nmap's published top 20 and a notice")
    func missing() {
        let services = NmapServices(path: "/nonexistent/nmap-services")
        #expect(services.topTCPPorts(100) == NmapServices.fallbackTopTCP)
        #expect(services.notice?.contains("nmap") == true)
    }

    @Test(
        "the installed file's top 20 is the list the Nmap book publishes",
        .enabled(if: NmapServices.shared.notice == nil)
    )
    func installed() {
        #expect(NmapServices.shared.topTCPPorts(20) == NmapServices.fallbackTopTCP)
        #expect(DeviceProber().quickPorts.count == DeviceProber.defaultTopPorts)
        #expect(
            DeviceProber.webUsesTLS(443) == true && DeviceProber.webUsesTLS(8080) == false
                && DeviceProber.webUsesTLS(22) == nil
        )
    }
}
