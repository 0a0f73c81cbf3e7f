import AppInputs
import Testing
@testable import NetTools

/// HomeNet's classifier (seed 002:125-162) on crafted evidence: its tree's order, that the first
/// question answered "yes" decides even when it finds nothing, and its eleven categories mapped
/// to ours for scoring.
@Suite("HomeNet's classifier")
struct HomeNetClassifierTests {
    /// The crafted devices and services of the other classifier's tests.
    let crafted = ClassificationTests()
    func device(_ configure: (inout DeviceSignals) -> Void) -> DeviceSignals { crafted.device(configure) }
    func service(_ type: String, txt: [String: String] = [:]) -> BonjourService { crafted.service(type, txt: txt) }

    func verdict(_ configure: (inout DeviceSignals) -> Void) -> (HomeNetClassifier.Category, String) {
        let verdict = HomeNetClassifier.classify(device(configure))
        return (verdict.category, verdict.rule)
    }

    @Test("gateway, then TXT model, then service type, then probes, then host name, then ports")
    func order() {
        // Everything at once: the gateway question comes first.
        let everything: (inout DeviceSignals) -> Void = {
            $0.isGateway = true
            $0.services = [service("_sonos._tcp"), service("_device-info._tcp", txt: ["model": "MacBookPro18,1"])]
            $0.airplayModel = "AppleTV11,1"
            $0.hostname = "DESKTOP-1A2B3C4"
            $0.openPorts = [62078]
        }
        #expect(verdict(everything) == (.router, "gateway"))
        // Without it, the TXT model decides over the service types.
        #expect(
            verdict {
                everything(&$0); $0.isGateway = false
            } == (.computer, "txt-model")
        )
        // Without a model, the service type: the table's order, not the device's, picks among
        // several (the Apple row is above the speaker row).
        #expect(
            verdict {
                everything(&$0); $0.isGateway = false
                $0.services = [service("_sonos._tcp"), service("_device-info._tcp")]
            } == (.apple, "service-type")
        )
        // Without services, the probes; without probes, the host name; without it, the ports.
        #expect(
            verdict {
                everything(&$0); $0.isGateway = false; $0.services = []
            } == (.tvMedia, "probes")
        )
        #expect(
            verdict {
                everything(&$0); $0.isGateway = false; $0.services = []; $0.airplayModel = nil
            } == (.computer, "hostname")
        )
        #expect(verdict { $0.openPorts = [22, 62078] } == (.phone, "ports"))
        #expect(verdict { _ in } == (.unknown, "none"))
    }

    @Test("the first question answered yes decides, even when what it reads names no category")
    func noFallThrough() {
        // Services that no row names: unknown, though the host name and ports would decide.
        #expect(
            verdict {
                $0.services = [service("_http._tcp")]; $0.hostname = "DESKTOP-1A2B3C4"; $0.openPorts = [62078]
            } == (.unknown, "service-type")
        )
        // A web page title is a probe result that names nothing: the host name is not read.
        #expect(
            verdict {
                $0.httpTitles = ["Login"]; $0.hostname = "DESKTOP-1A2B3C4"
            } == (.unknown, "probes")
        )
        // A TXT model no family knows still answers the TXT question.
        #expect(
            verdict { $0.services = [service("_airplay._tcp", txt: ["model": "QN65Q80B"])] } == (.unknown, "txt-model")
        )
        // The connect latency alone is no probe result: the ports decide.
        #expect(
            verdict {
                $0.connectLatencyMs = 4; $0.openPorts = [631]
            } == (.printer, "ports")
        )
    }

    @Test("each row of the seed's category table")
    func categories() {
        #expect(verdict { $0.services = [service("_companion-link._tcp")] }.0 == .apple)
        #expect(verdict { $0.services = [service("_rfb._tcp")] }.0 == .computer)
        #expect(verdict { $0.services = [service("_spotify-connect._tcp")] }.0 == .speaker)
        #expect(verdict { $0.services = [service("_googlecast._tcp")] }.0 == .tvMedia)
        #expect(verdict { $0.services = [service("_smb._tcp")] }.0 == .storage)
        #expect(verdict { $0.services = [service("_ipp._tcp")] }.0 == .printer)
        #expect(verdict { $0.services = [service("_hap._tcp")] }.0 == .smartHome)
        #expect(verdict { $0.chromecastModel = "Chromecast" }.0 == .tvMedia)
        #expect(verdict { $0.upnpDeviceType = "urn:schemas-upnp-org:device:InternetGatewayDevice:1" }.0 == .router)
        #expect(verdict { $0.banners = ["SSH-2.0-OpenSSH_9.2"] }.0 == .computer)
        #expect(verdict { $0.services = [service("_raop._tcp", txt: ["am": "iPad13,1"])] }.0 == .apple)
    }

    @Test("scored as ours: apple and unknown have no counterpart, smart home is iot")
    func scoring() {
        #expect(HomeNetClassifier.Category.allCases.count == 11)
        #expect(HomeNetClassifier.Category.apple.scored == nil)
        #expect(HomeNetClassifier.Category.unknown.scored == nil)
        #expect(HomeNetClassifier.Category.smartHome.scored == .iot)
        #expect(HomeNetClassifier.Category.tvMedia.scored == .tv)
        let report = ProbeReport(
            signals: device { $0.services = [service("_companion-link._tcp")] },
            classifier: .homenet
        )
        #expect(report.category == nil && report.nativeCategory == "apple" && report.rule == "service-type")
        let ours = ProbeReport(signals: device { $0.services = [service("_companion-link._tcp")] })
        #expect(ours.nativeCategory == nil)
    }

    @Test("the wired/Wi-Fi guess: at or above the threshold is Wi-Fi")
    func linkGuess() {
        #expect(DeviceProber.linkGuess(latencyMs: 0.7, wifiAtMs: 3) == "wired")
        #expect(DeviceProber.linkGuess(latencyMs: 3, wifiAtMs: 3) == "wifi")
        #expect(DeviceProber.linkGuess(latencyMs: 12.5, wifiAtMs: 3) == "wifi")
    }
}
