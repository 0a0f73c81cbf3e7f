/// A value written as one string in fixtures, strategies and results files (`"192.0.2.5"`,
/// `"192.0.2.0/24"`, `"00:00:5e:00:53:01"`): Codable through its text form, so every such type
/// decodes, rejects bad input and encodes the same way, and only says what its text looks like.
public protocol TextCodable: Codable, CustomStringConvertible {
    /// Parses the text form; nil when `text` is not one.
    init?<S: StringProtocol>(_ text: S)
    /// What a bad value is not and how to write one, completing "'TEXT' is not …" in the
    /// decoding error, e.g. "a MAC address; write six hex pairs, e.g. 00:00:5e:00:53:01".
    static var textFormHint: String { get }
}

extension TextCodable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let parsed = Self(text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "'\(text)' is not \(Self.textFormHint)"
                )
            )
        }
        self = parsed
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
