import AppContract
import Fixture
import Results
import Testbed

/// Scores the Bonjour browser tool and the device-detail screen's service discovery against the
/// fixture's mDNS services and avahi-browse's, over the service types the tool browsed (avahi
/// browses every type; the app only the ones it declares).
struct ServiceAgreementScorer: Sendable {
    var truth: GroundTruth
    /// avahi-browse's services right after the session; nil when it did not run.
    var avahi: Set<AvahiBrowse.Entry>?
    var avahiError: String?

    /// The browse's resolved services (instance, type, address, port) against the fixture's.
    func score(_ browse: SessionReport.BonjourBrowse) -> RunMetrics.ServiceAgreement {
        let types = Set(browse.types)
        let tool = Set(
            browse.services.flatMap { service in
                service.addresses.map {
                    AvahiBrowse.Entry(
                        instance: service.instance,
                        type: service.type,
                        address: $0,
                        port: service.port ?? 0
                    )
                }
            }
        )
        let fixture = Set(
            truth.devices.flatMap { entry in
                (entry.device.mdns ?? []).filter { types.contains($0.type) }
                    .map {
                        AvahiBrowse.Entry(
                            instance: $0.instance,
                            type: $0.type,
                            address: entry.device.ip.description,
                            port: $0.port
                        )
                    }
            }
        )
        return agreement(
            tool: tool,
            fixture: fixture,
            avahi: avahi.map { $0.filter { types.contains($0.type) } },
            label: { "\($0.instance) (\($0.type)) \($0.address):\($0.port)" },
            durationMs: browse.finished ? browse.durationMs : nil,
            error: browse.error
        )
    }

    /// The detail screen's "instance (type)" list against the device's fixture services (of the
    /// types browsed) and avahi's services at the device's address.
    func score(_ detail: SessionReport.DetailDiscovery, types: [String]) -> RunMetrics.ServiceAgreement? {
        guard let device = truth.devices.first(where: { $0.device.ip.description == detail.target }) else { return nil }
        let browsed = Set(types)
        let fixture = Set(
            (device.device.mdns ?? []).filter { browsed.contains($0.type) }.map { "\($0.instance) (\($0.type))" }
        )
        let avahiHere = avahi.map {
            Set(
                $0.filter { $0.address == detail.target && browsed.contains($0.type) }.map {
                    "\($0.instance) (\($0.type))"
                }
            )
        }
        return agreement(
            tool: Set(detail.services),
            fixture: fixture,
            avahi: avahiHere,
            label: { $0 },
            durationMs: detail.finished ? detail.durationMs : nil,
            error: detail.error
        )
    }

    private func agreement<T: Hashable>(
        tool: Set<T>,
        fixture: Set<T>,
        avahi: Set<T>?,
        label: (T) -> String,
        durationMs: Double?,
        error: String?
    ) -> RunMetrics.ServiceAgreement {
        var result = RunMetrics.ServiceAgreement()
        result.found = tool.count
        result.fixture = fixture.count
        result.matchedFixture = tool.intersection(fixture).count
        result.avahi = avahi?.count
        result.matchedAvahi = avahi.map { tool.intersection($0).count }
        result.avahiError = avahiError
        result.onlyTool = Array(tool.subtracting(fixture).map(label).sorted().prefix(5))
        result.onlyFixture = Array(fixture.subtracting(tool).map(label).sorted().prefix(5))
        if let avahi {
            let differences =
                tool.subtracting(avahi).map { "+" + label($0) } + avahi.subtracting(tool).map { "-" + label($0) }
            result.avahiDifferences = Array(differences.sorted().prefix(5))
        }
        // Nothing found agrees with nothing: a tool that found none is never counted as agreeing.
        result.agrees = !tool.isEmpty && avahi == tool
        result.agreesFixture = !tool.isEmpty && fixture == tool
        result.durationMs = durationMs
        result.error = error
        return result
    }
}
