import NetTools

/// The human output of a deep probe, shared by `scanbench probe` and `scanbench scan --probe`:
/// the verdict line and the signals behind it.
enum ProbeReportText {
    /// `IP  name  →  category  [rule: evidence]`.
    static func verdict(_ report: ProbeReport) -> String {
        "\(report.ip)  \(report.name)  →  \(report.category ?? "unknown")  [\(report.rule)\(report.evidence.map { ": \($0)" } ?? "")]"
    }

    /// One indented line per kind of signal found (host name, vendor, ports, HTTP, banners,
    /// UPnP, AirPlay, Chromecast, Bonjour).
    static func signals(_ s: DeviceSignals, indent: String = "    ") -> [String] {
        var lines: [String] = []
        if let hostname = s.hostname { lines.append("hostname: \(hostname)") }
        if let vendor = s.vendor { lines.append("vendor: \(vendor) (\(s.mac ?? ""))") }
        if !s.openPorts.isEmpty { lines.append("open: " + s.openPorts.map(String.init).joined(separator: ", ")) }
        for (label, values) in [("http server", s.httpServers), ("title", s.httpTitles), ("banner", s.banners)]
        where !values.isEmpty {
            lines.append("\(label): " + values.joined(separator: " | "))
        }
        if let type = s.upnpDeviceType {
            lines.append(
                "upnp: \(type) \(s.upnpFriendlyName ?? "") / \(s.upnpManufacturer ?? "") / \(s.upnpModel ?? "")"
            )
        }
        if let model = s.airplayModel { lines.append("airplay: \(model) \(s.airplayName ?? "")") }
        if let model = s.chromecastModel { lines.append("chromecast: \(model) \(s.chromecastName ?? "")") }
        for service in s.services { lines.append("bonjour: \(service.instance) (\(service.type))") }
        return lines.map { indent + $0 }
    }

    /// The probe part of `scan --probe` and `probe --from-scan`: each device's verdict and
    /// signals, then how many were classified.
    static func probed(_ probed: ProbedScanReport) -> [String] {
        var lines: [String] = []
        for device in probed.devices {
            lines.append("  " + verdict(device.verdict))
            lines += signals(device.verdict.signals, indent: "      ")
        }
        let classified = probed.devices.filter { $0.verdict.category != nil }.count
        return lines + ["\(classified) of \(probed.devices.count) devices classified"]
    }
}
