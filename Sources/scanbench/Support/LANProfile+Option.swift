import Fixture

extension LANProfile {
    /// The profile a `--profile` value names (`fixture generate`, `fixture wifi`).
    /// - Throws: `FixtureError` naming the profiles there are.
    static func named(_ text: String) throws -> LANProfile {
        guard let profile = LANProfile(rawValue: text) else {
            throw FixtureError(
                "--profile \(text) is not a profile",
                fix: "use one of: \(allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        return profile
    }
}
