/// A closed set of words a strategy file may use for one knob, e.g. `timer` or `inspect_error`.
///
/// Decoding refuses any other word with the list of allowed ones, which the strict loader turns
/// into `file:line` plus that fix.
public protocol StrategyChoice: RawRepresentable, CaseIterable, Codable where RawValue == String {}

extension StrategyChoice {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(rawValue: text) else {
            let allowed = Self.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "'\(text)' is not allowed here; write one of: \(allowed)"
                )
            )
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
