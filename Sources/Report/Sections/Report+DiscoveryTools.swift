import Results

extension Report {
    /// A discovery tool's difference with its reference in one run, for "Tools in the session";
    /// nil when it agrees or `agrees` is not a discovery tool's agreement metric (`Metric.discoveryTools`).
    func discoveryDisagreement(of agrees: Metric, in metrics: RunMetrics) -> String? {
        switch agrees.id {
        case Metric.wolAgrees.id:
            guard let wol = metrics.wakeOnLAN, !wol.agrees, wol.referenceError == nil else { return nil }
            return "\(wol.sent) sent / \(wol.received) received, \(wol.mismatched) other"
                + (wol.error.map { " (\($0))" } ?? "")
        case Metric.browseAgrees.id: return avahiDifference(metrics.bonjourBrowse)
        case Metric.browseAgreesFixture.id: return fixtureDifference(metrics.bonjourBrowse)
        case Metric.detailAgrees.id: return avahiDifference(metrics.detailServices)
        case Metric.detailAgreesFixture.id: return fixtureDifference(metrics.detailServices)
        default: return nil
        }
    }

    private func avahiDifference(_ services: RunMetrics.ServiceAgreement?) -> String? {
        // avahi-browse that failed is a failed reference (`referenceFailure`), not a difference.
        guard let services, !services.agrees, !services.avahiFailed else { return nil }
        if let error = services.error { return "the tool: \(error)" }
        if let error = services.avahiError { return "avahi-browse failed: \(error)" }
        return "\(services.found) / \(services.avahi ?? 0): " + services.avahiDifferences.joined(separator: "; ")
    }

    private func fixtureDifference(_ services: RunMetrics.ServiceAgreement?) -> String? {
        guard let services, !services.agreesFixture else { return nil }
        if let error = services.error { return "the tool: \(error)" }
        return "\(services.found) / \(services.fixture): "
            + (services.onlyTool.map { "+" + $0 } + services.onlyFixture.map { "-" + $0 }).joined(separator: "; ")
    }
}
