import Foundation
import StrictYAML
import AppInputs

/// One knob whose effective value differs between two strategies: its dotted key path and both
/// values as YAML flow text, ready to be an override (`StrategyVariant.Override`).
///
/// "Effective" means after loading: a key a file leaves out has the default `Strategy()` gives it,
/// so a file that spells out a default and one that omits it do not differ. Both strategies are
/// encoded (snake_case, as in the files) and flattened to key paths down to the scalars; a list is
/// one knob (`tcp.primary_ports`, `pipeline.steps`), as a strategy file sets it whole. `name` and
/// `description` are labels, not knobs. A key only one side has (`pipeline.steps` when the other
/// derives its layout) has the value `null` on the other side, which the loader reads as absent.
public struct KnobDifference: Sendable, Equatable {
    public var key: String
    public var baseValue: String
    public var targetValue: String

    public init(key: String, baseValue: String, targetValue: String) {
        self.key = key
        self.baseValue = baseValue
        self.targetValue = targetValue
    }

    /// Keys that name or describe a strategy and change nothing it does.
    static let labels: Set<String> = ["name", "description"]

    /// Every knob whose value differs, in key order.
    /// - Throws: an `EncodingError`/`DecodingError` only if `Strategy`'s coding were broken.
    public static func between(_ base: Strategy, _ target: Strategy) throws -> [KnobDifference] {
        let left = try leaves(of: base)
        let right = try leaves(of: target)
        return Set(left.keys).union(right.keys).subtracting(labels).sorted().compactMap { key in
            let a = left[key] ?? .null
            let b = right[key] ?? .null
            return a == b ? nil : KnobDifference(key: key, baseValue: a.yaml, targetValue: b.yaml)
        }
    }

    /// `strategy`'s knobs: dotted key path → value, down to scalars and lists.
    static func leaves(of strategy: Strategy) throws -> [String: Value] {
        let data = try JSONEncoder().encode(strategy)
        var leaves: [String: Value] = [:]
        func walk(_ value: Value, _ path: String) {
            if case .object(let members) = value, !members.isEmpty {
                for (key, member) in members { walk(member, path.isEmpty ? key : "\(path).\(key)") }
            } else {
                leaves[path] = value
            }
        }
        walk(try JSONDecoder().decode(Value.self, from: data), "")
        return leaves
    }

    /// A JSON value, compared structurally and printed as YAML flow.
    indirect enum Value: Decodable, Equatable {
        case null
        case bool(Bool)
        case integer(Int)
        case number(Double)
        case string(String)
        case list([Value])
        case object([String: Value])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let bool = try? container.decode(Bool.self) {
                self = .bool(bool)
            } else if let integer = try? container.decode(Int.self) {
                self = .integer(integer)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if let string = try? container.decode(String.self) {
                self = .string(string)
            } else if let list = try? container.decode([Value].self) {
                self = .list(list)
            } else {
                self = .object(try container.decode([String: Value].self))
            }
        }

        /// YAML flow text: plain words stay unquoted (`netmask`, `_http._tcp`), other strings are
        /// double-quoted (StrictYAML's one rule, `YAMLScalar.plainOrDoubleQuoted`), lists are
        /// `[a, b]` and mappings `{k: v}` with sorted keys.
        var yaml: String {
            switch self {
            case .null: "null"
            case .bool(let bool): String(bool)
            case .integer(let integer): String(integer)
            case .number(let number): String(number)
            case .string(let string): YAMLScalar.plainOrDoubleQuoted(string)
            case .list(let list): "[" + list.map(\.yaml).joined(separator: ", ") + "]"
            case .object(let members):
                "{" + members.keys.sorted().map { "\($0): \(members[$0]!.yaml)" }.joined(separator: ", ") + "}"
            }
        }
    }
}
