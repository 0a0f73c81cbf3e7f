/// The kind of LAN `scanbench fixture generate` draws: which categories its devices fall in and
/// how often they sleep, sit behind poor Wi-Fi or answer late.
///
/// Every number here is stated, with its source or as our assumption, in docs/FIXTURES.md
/// ("Generated LANs"); `GeneratedLANDocsTests` fails when the two disagree.
public enum LANProfile: String, Sendable, CaseIterable, Codable {
    /// A family home of the 2020s: phones, computers, TVs and streamers, speakers, a console, a
    /// handful of smart-home devices, a printer, perhaps a camera and a NAS, a mesh node.
    case home
    /// A small office: workstations, desk VoIP phones and staff phones, printers, access points,
    /// meeting-room displays, a few building devices.
    case office
    /// A smart home heavy on plugs, bulbs, sensors, cameras and speakers.
    case denseIoT = "dense-iot"

    /// Share (whole percent) of each category among the devices other than the gateway; sums to
    /// 100. In `Fixture.DeviceCategory.allCases` order.
    public var categoryShares: [(category: Fixture.DeviceCategory, percent: Int)] {
        let percents: [Int]
        switch self {
        //                router phone tablet computer tv  speaker gaming iot printer camera storage
        case .home: percents = [3, 20, 8, 13, 12, 10, 5, 19, 3, 5, 2]
        case .office: percents = [6, 25, 4, 44, 3, 1, 1, 7, 5, 2, 2]
        case .denseIoT: percents = [4, 9, 3, 5, 6, 9, 2, 50, 2, 8, 2]
        }
        return zip(Fixture.DeviceCategory.allCases, percents).map { ($0, $1) }
    }

    /// Share of phones and tablets that join with a randomised, locally administered MAC
    /// ("private Wi-Fi address"), 0…1.
    public var privateMACShare: Double { 0.6 }

    /// Share of power-saving devices (phones, tablets, handhelds, battery cameras, robots) that are
    /// dozing during the scan: their ARP replies come late and not always.
    public var asleepShare: Double {
        switch self {
        case .home, .denseIoT: 0.5
        case .office: 0.4
        }
    }

    /// Share of Wi-Fi devices behind a poor link (15–60 ms one way, jitter, 1–5 % loss).
    public var poorWiFiShare: Double {
        switch self {
        case .home: 0.08
        case .office: 0.04
        case .denseIoT: 0.12
        }
    }

    /// Share of the other Wi-Fi devices that lose 0.5–2 % of what they send.
    public var lossyWiFiShare: Double { 0.2 }

    /// Share of devices with Bonjour services that answer queries 3–9 s late.
    public var slowBonjourShare: Double { 0.15 }

    /// Share of UPnP devices that answer an M-SEARCH late in a 3 s MX window (2.0–2.9 s).
    public var lateSSDPShare: Double { 0.25 }

    /// The DNS domain the gateway serves.
    public var domain: String { self == .office ? "office.arpa" : "home.arpa" }

    /// The kind's weight in this profile (0: the profile has none of it).
    func weight(of kind: DeviceKind) -> Double {
        switch self {
        case .home: kind.weights.home
        case .office: kind.weights.office
        case .denseIoT: kind.weights.denseIoT
        }
    }
}
