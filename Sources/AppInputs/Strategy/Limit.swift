/// A limit that may be absent: a whole number, or `none` in a strategy file (budget size,
/// phase deadline).
public enum Limit: Sendable, Equatable, Codable, CustomStringConvertible {
    case none
    case limited(Int)

    /// The number, or nil for `none`.
    public var value: Int? {
        if case .limited(let n) = self { return n }
        return nil
    }

    public var description: String { value.map(String.init) ?? "none" }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            self = .limited(number)
            return
        }
        if let text = try? container.decode(String.self), text == "none" {
            self = .none
            return
        }
        throw DecodingError.dataCorrupted(
            .init(
                codingPath: decoder.codingPath,
                debugDescription: "expected a whole number or 'none'; write e.g. 60, or none for no limit"
            )
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .none: try container.encode("none")
        case .limited(let n): try container.encode(n)
        }
    }
}
