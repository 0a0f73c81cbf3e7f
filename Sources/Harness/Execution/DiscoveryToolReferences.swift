import AppContract
import Fixture
import Results
import AppInputs

/// The references the Wake-on-LAN, Bonjour browser and device-detail session actions are scored
/// against, gathered around the session: the target's Wake-on-LAN listener log (its size before),
/// and avahi-browse in the scanner namespace right after (docs/HARNESS.md#sessions).
struct DiscoveryToolReferences: Sendable {
    var wakeOnLAN: WakeOnLANScorer?
    var browses = false

    /// Seconds avahi-browse listens: the integration tests' 15 s, in which it lists every home
    /// service, slow responders included (in 10 s, the tools' window, it missed the Chromecast in
    /// every run of tools-during-scan on home).
    static let avahiSeconds = 15

    /// What the script at `script` needs, before it runs.
    /// - Throws: `YAMLInputError` for a script that does not load.
    init(script: String, truth: GroundTruth) throws {
        let loaded = try SessionScriptLoader.load(script)
        for action in loaded.actions {
            switch action.what {
            case .wol:
                if let target = SessionTargets(truth: truth).wolTarget {
                    wakeOnLAN = WakeOnLANScorer(testbed: truth.testbedID, target: target.device.name)
                }
            case .browse, .detail: browses = true
            default: break
            }
        }
    }

    /// avahi-browse's services in the scanner namespace, or why there are none.
    static func avahi(truth: GroundTruth) async -> ServiceAgreementScorer {
        var scorer = ServiceAgreementScorer(truth: truth)
        let namespace = truth.scanner.namespace
        do {
            scorer.avahi = try await OffThePool.run {
                try AvahiBrowseReference.resolved(in: namespace, seconds: avahiSeconds)
            }
        } catch {
            scorer.avahiError = "\(error)"
        }
        return scorer
    }

    /// The session's first packet, browse and detail discovery, scored.
    static func score(
        _ session: SessionReport?,
        wakeOnLAN: WakeOnLANScorer?,
        services: ServiceAgreementScorer,
        into metrics: inout RunMetrics
    ) {
        guard let session else { return }
        if let wakeOnLAN, !session.wakeOnLAN.isEmpty, let target = SessionTargets(truth: services.truth).wolTarget {
            metrics.wakeOnLAN = wakeOnLAN.score(session.wakeOnLAN, target: target.device.name)
        }
        metrics.bonjourBrowse = session.bonjourBrowses.first.map(services.score)
        metrics.detailServices = session.detailDiscoveries.first.flatMap { services.score($0, types: $0.types) }
    }
}
