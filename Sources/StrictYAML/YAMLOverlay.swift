import Yams

/// A YAML document with values set at key paths: how a sweep variant's strategy file and platform
/// profile are written from their base (`--sweep KEY=VALUE`). The base's other keys, their order
/// and its scalars' spelling are kept; mappings missing on the way are created.
public struct YAMLOverlay {
    private var root: Node

    /// Parses `text`; nil when it holds no document.
    /// - Throws: Yams' error for text that is not YAML.
    public init?(text: String) throws {
        guard let root = try Yams.compose(yaml: text) else { return nil }
        self.root = root
    }

    /// The node at `path` (`[]`: the document), or nil when a key on the way is missing.
    public func node(at path: [String]) -> Node? {
        path.reduce(Optional(root)) { node, key in node?.mapping?[key] }
    }

    /// Sets `value`, read as YAML (`40`, `[80, 443]`, `none`; anything else as a plain string), at `path`.
    public mutating func set(_ value: String, at path: [String]) throws {
        let node = try Yams.compose(yaml: value) ?? Node(value)
        root = Self.setting(node, at: path[...], in: root)
    }

    /// The document, under a `# comment` line that says where it came from.
    public func text(comment: String) throws -> String {
        "# \(comment)\n\(try Yams.serialize(node: root))"
    }

    private static func setting(_ value: Node, at keys: ArraySlice<String>, in node: Node) -> Node {
        guard let key = keys.first else { return value }
        var mapping = node.mapping ?? Node.Mapping([])
        mapping[key] = setting(value, at: keys.dropFirst(), in: mapping[key] ?? .mapping(Node.Mapping([])))
        return .mapping(mapping)
    }
}
