/// The platform profile a job ran the app on (`scanbench run --platform`), kept in results.json
/// (`environment.platform`) so a report names it with every parameter and its source, and so a
/// comparison can tell two platforms apart. Nil in files written before profiles existed (they
/// ran on `linux`).
public struct PlatformRecord: Codable, Sendable, Equatable {
    /// The platform a run without a record ran on: the neutral profile. The results side's one
    /// spelling of ScanKit's `PlatformProfileLoader.defaultName`, which it cannot import (the
    /// system under test imports no Results, and Results nothing); `PlatformPlanTests` holds
    /// the two equal.
    public static let defaultName = "linux"

    /// One parameter as the profile states it.
    public struct Parameter: Codable, Sendable, Equatable {
        public var key: String
        public var value: Double
        /// The public source, when there is one.
        public var source: String?
        /// Why the value is assumed, when it has no source.
        public var assumption: String?
        /// `[low, high]` to measure an assumption over.
        public var sweep: [Double]?

        public init(key: String, value: Double, source: String?, assumption: String?, sweep: [Double]?) {
            self.key = key
            self.value = value
            self.source = source
            self.assumption = assumption
            self.sweep = sweep
        }
    }

    /// The profile's name (`linux`, `iphone-a16`, …).
    public var name: String
    /// The device it describes.
    public var device: String
    /// SHA-256 of the profile file.
    public var sha256: String
    /// Its parameters, in file order.
    public var parameters: [Parameter]
    /// True when the profile adds nothing (`linux`): the app ran exactly as without a profile.
    public var neutral: Bool

    public init(name: String, device: String, sha256: String, parameters: [Parameter], neutral: Bool) {
        self.name = name
        self.device = device
        self.sha256 = sha256
        self.parameters = parameters
        self.neutral = neutral
    }
}
