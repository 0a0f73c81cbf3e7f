import Foundation

extension CorpusClassification {
    /// The per-category tables (ours, HomeNet's) and the per-device table, as Markdown.
    public func markdown() -> String {
        var lines: [String] = []
        for (title, rows) in [("Ours", ours), ("HomeNet's", homeNet)] {
            let besides = title == "Ours" && !beside.isEmpty
            lines.append("#### \(title)")
            lines.append("")
            lines.append(
                "| category | devices | given | correct | precision | coverage |"
                    + (besides ? " LANs: device-runs | LANs: precision | LANs: coverage |" : "")
            )
            lines.append("|---|---:|---:|---:|---:|---:|" + (besides ? "---:|---:|---:|" : ""))
            for row in rows {
                var line =
                    "| \(row.category) | \(row.devices) | \(row.given) | \(row.correct) | \(Self.percent(row.precision)) | \(Self.percent(row.coverage)) |"
                if besides {
                    let other = beside.first { $0.category == row.category }
                    line +=
                        " \(other.map { String($0.devices) } ?? "–") | \(Self.percent(other?.precision)) | \(Self.percent(other?.coverage)) |"
                }
                lines.append(line)
            }
            lines.append("")
        }
        lines.append("#### Per device")
        lines.append("")
        lines.append(
            "| device | label (ours / HomeNet) | heard | ours: category, rule, evidence | HomeNet: category, rule, evidence |"
        )
        lines.append("|---|---|---|---|---|")
        for device in devices {
            let ours =
                "\(device.ours.category?.rawValue ?? "unknown") (\(device.ours.rule)) \(device.ours.evidence ?? "")"
            let theirs = "\(device.homeNet.category.rawValue) (\(device.homeNet.rule)) \(device.homeNet.evidence ?? "")"
            lines.append(
                "| \(device.label.device) | \(device.label.category.rawValue) / \(device.label.homeNet.rawValue) | \(Self.heard(device.announcements)) | \(Self.cell(ours)) | \(Self.cell(theirs)) |"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the device announced, briefly: protocol and the first values.
    static func heard(_ heard: DeviceAnnouncements) -> String {
        var parts: [String] = []
        if !heard.mdnsServices.isEmpty {
            parts.append("mDNS " + heard.mdnsServices.map(\.type).joined(separator: ", "))
        }
        if let name = heard.mdnsHostNames.first { parts.append("mDNS host \(name)") }
        if let type = heard.upnpDeviceType ?? heard.ssdpDeviceTypes.first { parts.append("UPnP \(type)") }
        if let server = heard.ssdpServers.first { parts.append("SSDP server \(server)") }
        if let server = heard.httpServers.first { parts.append("HTTP server \(server)") }
        if let name = heard.dhcpHostNames.first { parts.append("DHCP name \(name)") }
        if let vendor = heard.dhcpVendorClasses.first { parts.append("DHCP class \(vendor)") }
        if !heard.openPorts.isEmpty { parts.append("open " + heard.openPorts.map(String.init).joined(separator: ",")) }
        return cell(parts.isEmpty ? "nothing (\(heard.frames) frames)" : parts.joined(separator: "; "))
    }

    static func cell(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "|", with: "\\|")
    }

    static func percent(_ value: Double?) -> String {
        value.map { String(format: "%.0f %%", $0 * 100) } ?? "–"
    }
}
