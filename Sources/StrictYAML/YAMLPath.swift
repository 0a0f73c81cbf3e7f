/// A path into a YAML document: mapping keys and sequence indexes, e.g. `devices[3].tcp.open`.
public struct YAMLPath: Sendable, Equatable, CustomStringConvertible, ExpressibleByArrayLiteral {
    public enum Component: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
        case key(String)
        case index(Int)

        public init(stringLiteral value: String) { self = .key(value) }
        public init(integerLiteral value: Int) { self = .index(value) }
    }

    public var components: [Component]

    public init(_ components: [Component]) { self.components = components }
    public init(arrayLiteral elements: Component...) { components = elements }

    public init(codingPath: [any CodingKey]) {
        components = codingPath.map { key in
            if let index = key.intValue { return .index(index) }
            return .key(key.stringValue)
        }
    }

    public func appending(_ component: Component) -> YAMLPath { YAMLPath(components + [component]) }
    public func appending(key: String) -> YAMLPath { appending(.key(key)) }
    public func appending(index: Int) -> YAMLPath { appending(.index(index)) }

    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text.isEmpty ? "(top level)" : text
    }
}
