import Results

extension Report {
    /// A discovery tool's difference with its reference in one run, for "Tools in the session";
    /// nil when it agrees or `tool` is not a discovery tool's row (`Metric.discoveryTools`).
    func discoveryDisagreement(of tool: String, in metrics: RunMetrics) -> String? {
        switch tool {
        case "wol (listener log)":
            guard let wol = metrics.wakeOnLAN, !wol.agrees else { return nil }
            return "\(wol.sent) sent / \(wol.received) received, \(wol.mismatched) other"
        case "bonjour (avahi-browse)": return avahiDifference(metrics.bonjourBrowse)
        case "bonjour (fixture)": return fixtureDifference(metrics.bonjourBrowse)
        case "device detail (avahi-browse)": return avahiDifference(metrics.detailServices)
        case "device detail (fixture)": return fixtureDifference(metrics.detailServices)
        default: return nil
        }
    }

    private func avahiDifference(_ services: RunMetrics.ServiceAgreement?) -> String? {
        guard let services, !services.agrees else { return nil }
        if let error = services.avahiError { return "avahi-browse failed: \(error)" }
        return "\(services.found) / \(services.avahi ?? 0): " + services.avahiDifferences.joined(separator: "; ")
    }

    private func fixtureDifference(_ services: RunMetrics.ServiceAgreement?) -> String? {
        guard let services, !services.agreesFixture else { return nil }
        return "\(services.found) / \(services.fixture): " + (services.onlyTool.map { "+" + $0 } + services.onlyFixture.map { "-" + $0 }).joined(separator: "; ")
    }
}
