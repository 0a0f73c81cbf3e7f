/// Decoding for string enums that, on a bad value, names every allowed value in the error
/// (so a fixture or strategy author sees the fix, not "cannot initialize").
extension RawRepresentable where Self: CaseIterable, RawValue == String {
    /// Decodes a single string and maps it to a case.
    /// - Throws: `DecodingError.dataCorrupted` whose message lists the allowed values.
    public static func decodeListingCases(from decoder: any Decoder) throws -> Self {
        let text = try decoder.singleValueContainer().decode(String.self)
        if let value = Self(rawValue: text) { return value }
        let allowed = allCases.map(\.rawValue).joined(separator: ", ")
        throw DecodingError.dataCorrupted(
            .init(
                codingPath: decoder.codingPath,
                debugDescription: "'\(text)' is not one of the allowed values; write one of: \(allowed)"
            )
        )
    }
}
