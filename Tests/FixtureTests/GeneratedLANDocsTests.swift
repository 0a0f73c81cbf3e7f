@testable import Fixture
import Foundation
import Testing

/// docs/FIXTURES.md ("Generated LANs") states the generator's distributions; these tables are
/// rendered from the code that draws them, and the document must contain them verbatim, so the
/// two cannot drift apart. On a mismatch the message carries the table to paste; with
/// `SCANBENCH_DOCS_TABLES=DIR` set, the tables are also written to `DIR/<table>.md`.
@Suite("Generated LAN docs")
struct GeneratedLANDocsTests {
    static let document = BuiltinFixtureTests.packageRoot.appendingPathComponent("docs/FIXTURES.md").path

    static func percent(_ share: Double) -> String { "\(NumberText.decimal(share * 100)) %" }

    /// Category shares per profile.
    static func categoryTable() -> String {
        var lines = ["| category | home | office | dense-iot |", "|---|---:|---:|---:|"]
        for (index, category) in Fixture.DeviceCategory.allCases.enumerated() {
            let cells = LANProfile.allCases.map { "\($0.categoryShares[index].percent) %" }
            lines.append("| \(category.rawValue) | \(cells.joined(separator: " | ")) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The per-profile rates.
    static func rateTable() -> String {
        let rows: [(String, (LANProfile) -> Double)] = [
            ("phones and tablets with a private (randomised) MAC", \.privateMACShare),
            ("power-saving devices asleep (late, unreliable ARP)", \.asleepShare),
            ("Wi-Fi devices on poor Wi-Fi", \.poorWiFiShare),
            ("other Wi-Fi devices with 0.5–2 % loss", \.lossyWiFiShare),
            ("devices with Bonjour services answering 3–9 s late", \.slowBonjourShare),
            ("UPnP devices answering 2.0–2.9 s into a 3 s MX", \.lateSSDPShare),
        ]
        var lines = ["| share of … | home | office | dense-iot |", "|---|---:|---:|---:|"]
        for (title, value) in rows {
            lines.append(
                "| \(title) | " + LANProfile.allCases.map { percent(value($0)) }.joined(separator: " | ") + " |"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// Every kind: weights, MAC blocks, host-name style, ports, services, behaviour shares.
    static func kindTable() -> String {
        var lines = [
            "| category | kind | weight home / office / dense-iot | MAC blocks (IEEE MA-L) | host name | TCP open | Bonjour / SSDP | other ports closed | ping | wired | notes |",
            "|---|---|---|---|---|---|---|---:|---:|---:|---|",
        ]
        for kind in DeviceCatalog.kinds {
            let weights =
                "\(NumberText.decimal(kind.weights.home)) / \(NumberText.decimal(kind.weights.office)) / \(NumberText.decimal(kind.weights.denseIoT))"
            let blocks = kind.blocks.map { "\($0.registrant): \($0.prefixes.joined(separator: " "))" }.joined(
                separator: "; "
            )
            let hostname =
                kind.hostname.map { "`\($0)`" + (kind.hostnameShare < 1 ? " (\(percent(kind.hostnameShare)))" : "") }
                ?? "none"
            func share(_ feature: DeviceKind.Feature) -> String {
                feature.share < 1 ? " (\(percent(feature.share)))" : ""
            }
            var ports: [String] = []
            var services: [String] = []
            var always = Set<String>()  // what a feature present on every device already gives
            for feature in kind.features {
                let listening = feature.mdns.filter(\.listens).map(\.port) + (feature.upnp.map { [$0.port] } ?? [])
                var open = Set(
                    feature.tcp + feature.http.map(\.port) + feature.banners.map(\.port)
                        + listening.compactMap { if case .fixed(let port) = $0, port != 0 { port } else { nil } }
                )
                .sorted().map(String.init)
                if listening.contains(where: { if case .dynamic = $0 { true } else { false } }) {
                    open.append("a dynamic port")
                }
                open = open.filter { !always.contains($0) }
                if !open.isEmpty { ports.append(open.joined(separator: ", ") + share(feature)) }
                if !feature.udp.isEmpty {
                    ports.append("UDP " + feature.udp.map(String.init).joined(separator: ", ") + share(feature))
                }
                let names =
                    (feature.mdns.map(\.type)
                    + (feature.upnp.map {
                        ["SSDP " + $0.deviceType.split(separator: ":").dropFirst(3).joined(separator: ":")]
                    } ?? []))
                    .filter { !always.contains($0) }
                if !names.isEmpty { services.append(names.joined(separator: ", ") + share(feature)) }
                if feature.share >= 1 { always.formUnion(open.filter { $0 != "a dynamic port" } + names) }
            }
            var notes: [String] = []
            if kind.role == .gateway { notes.append("gateway") }
            if kind.privateMAC { notes.append("private MAC") }
            if kind.powerSave { notes.append("dozes") }
            if kind.wakeOnLANShare > 0 { notes.append("Wake-on-LAN \(percent(kind.wakeOnLANShare))") }
            lines.append(
                "| \(kind.category.rawValue) | \(kind.id) | \(weights) | \(blocks) | \(hostname) | \(ports.isEmpty ? "none" : ports.joined(separator: "; ")) | "
                    + "\(services.isEmpty ? "none" : services.joined(separator: "; ")) | \(percent(kind.closedShare)) | \(percent(kind.echoShare)) | "
                    + "\(percent(kind.wiredShare)) | \(notes.joined(separator: ", ")) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    @Test(
        "docs/FIXTURES.md states the generator's distributions as the code draws them",
        arguments: ["categories", "rates", "kinds"]
    )
    func documented(table: String) throws {
        let text = try String(contentsOfFile: Self.document, encoding: .utf8)
        let expected =
            switch table {
            case "categories": Self.categoryTable()
            case "rates": Self.rateTable()
            default: Self.kindTable()
            }
        if let directory = ProcessInfo.processInfo.environment["SCANBENCH_DOCS_TABLES"] {
            try (expected + "\n").write(toFile: "\(directory)/\(table).md", atomically: true, encoding: .utf8)
        }
        #expect(text.contains(expected), "docs/FIXTURES.md lacks the current \(table) table; paste:\n\(expected)")
    }
}
