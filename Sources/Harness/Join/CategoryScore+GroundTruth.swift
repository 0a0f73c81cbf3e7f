import Fixture
import Results

extension CategoryScore {
    /// Every device of a testbed's ground truth as `CategoryScore` takes it: address, category,
    /// discoverable (`Discoverability`) and identifiable (`Identifiability`, against its gateway).
    public static func truth(_ ground: GroundTruth) -> [Truth] {
        ground.devices.map { entry in
            Truth(
                ip: entry.device.ip.description,
                category: entry.device.category.rawValue,
                discoverable: Discoverability.isDiscoverable(entry.device),
                identifiable: Identifiability.isIdentifiable(entry.device, gateway: ground.gateway)
            )
        }
    }

    /// Scores `guesses` (IP → category, nil: unknown; missing: not found) — the probe's, or a
    /// peer's mapped to our categories — against a testbed's ground truth.
    public init(guesses: [String: String?], ground: GroundTruth) {
        self.init(guesses: guesses, truth: Self.truth(ground))
    }
}
