/// The public tables that say what a device is from what it announces: one file per source, each
/// a `IdentityVocabulary` naming the specification or registry it copies. The classifier
/// (`NetTools.DeviceClassifier`) reads devices by them, the fixtures' identifiability rule
/// (`Fixture.Identifiability`) asks whether a device's own signals determine its category by
/// them, and `IdentityVocabularyTests` fails when the classifier keys on a literal of the
/// generator's catalogue that none of them lists. Categories are the fixtures' names (`router`,
/// `phone` … `storage`), as strings: this module knows neither side's enum.
public struct IdentityVocabulary: Sendable {
    /// How much one entry says: `determines` — the specification names the device's function
    /// (HAP category 17 is an IP camera); `suggests` — usually that category, but the same signal
    /// comes from others too (a UPnP MediaRenderer may be a TV or a speaker).
    public enum Strength: String, Sendable { case determines, suggests }

    public struct Entry: Sendable {
        public var literal: String
        public var category: String
        public var strength: Strength

        public init(_ literal: String, _ category: String, _ strength: Strength = .determines) {
            self.literal = literal
            self.category = category
            self.strength = strength
        }
    }

    /// A short name (`hap-categories`).
    public var name: String
    /// Where the table comes from: document, section, address.
    public var source: String
    public var entries: [Entry]

    /// Every vocabulary, for the test that compares the classifier's literals with them.
    public static let all: [IdentityVocabulary] = [
        hapCategories, castModelNames, castCapabilities, dnsSDServiceTypes, upnpDeviceTypes, appleModelFamilies,
        defaultHostNames, txtKeys,
        nmapDeviceTypes, nmapVendorNames,
    ]

    /// The entry whose literal equals `literal` (case-insensitively).
    public func entry(_ literal: String) -> Entry? {
        let lower = literal.lowercased()
        return entries.first { $0.literal.lowercased() == lower }
    }
}
