import ScanKit
import StrictYAML
import Wire

/// Loads session scripts (built-in names from `fixtures/sessions`, or paths): strict decoding,
/// then checks that point at the offending line.
public enum SessionScriptLoader {
    /// Where the format is documented; quoted in every fix.
    public static let schemaDocument = "docs/HARNESS.md#sessions"

    /// `fixtures/sessions`.
    public static func directory() -> String { BuiltinDirectory.locate("fixtures/sessions") }

    /// The built-in scripts' names.
    public static func builtinNames() -> [String] { BuiltinDirectory.yamlNames(in: directory()) }

    /// A built-in name's path; paths pass through.
    /// - Throws: `YAMLInputError` listing the built-in names.
    public static func resolve(_ nameOrPath: String) throws -> String {
        try BuiltinDirectory.resolve(nameOrPath, in: directory(), kind: "session script")
    }

    /// Loads and checks a script by name or path.
    /// - Throws: `YAMLInputError` with file, line and fix.
    public static func load(_ nameOrPath: String) throws -> SessionScript {
        let (script, document) = try decoder.decode(SessionScript.self, fromFile: try resolve(nameOrPath))
        try check(script, document)
        return script
    }

    /// Loads from text (tests).
    public static func load(text: String, file: String) throws -> SessionScript {
        let (script, document) = try decoder.decode(SessionScript.self, from: text, file: file)
        try check(script, document)
        return script
    }

    /// The `$names` a script uses as targets, which the caller must bind.
    public static func variables(in script: SessionScript) -> Set<String> {
        Set(script.actions.compactMap { action -> String? in
            switch action.what {
            case .ping(let p): p.target
            case .ports(let p): p.target
            default: nil
            }
        }.filter { $0.hasPrefix("$") }.map { String($0.dropFirst()) })
    }

    static func check(_ script: SessionScript, _ document: YAMLDocument) throws {
        var scans = 0
        for (i, action) in script.actions.enumerated() {
            let path: YAMLPath = ["actions", .index(i)]
            guard (0...3600).contains(action.atSeconds) else {
                throw document.error(at: path.appending(key: "at_s"), "at_s \(action.atSeconds) is out of range",
                                     fix: "write 0 to 3600 seconds after the session starts")
            }
            switch action.what {
            case .scan:
                scans += 1
                if scans > 1 {
                    throw document.error(at: path.appending(key: "scan"), "a session runs at most one scan",
                                         fix: "remove this scan, or write a second session")
                }
            case .ping(let p):
                let at = path.appending(key: "ping")
                try checkTarget(p.target, at.appending(key: "target"), document)
                guard (1...1000).contains(p.count) else {
                    throw document.error(at: at.appending(key: "count"), "count \(p.count) is out of range", fix: "write 1 to 1000 echoes")
                }
                if let t = p.timeoutMs, !(1...60_000).contains(t) {
                    throw document.error(at: at.appending(key: "timeout_ms"), "timeout_ms \(t) is out of range",
                                         fix: "write 1 to 60000 milliseconds, or leave it out for the strategy's tools.ping.timeout_ms")
                }
                guard (10...60_000).contains(p.intervalMs) else {
                    throw document.error(at: at.appending(key: "interval_ms"), "interval_ms \(p.intervalMs) is out of range",
                                         fix: "write 10 to 60000 milliseconds")
                }
            case .ports(let p):
                let at = path.appending(key: "ports")
                try checkTarget(p.target, at.appending(key: "target"), document)
                if let t = p.timeoutMs, !(1...60_000).contains(t) {
                    throw document.error(at: at.appending(key: "timeout_ms"), "timeout_ms \(t) is out of range",
                                         fix: "write 1 to 60000 milliseconds, or leave it out for the strategy's tools.port_scanner.timeout_ms")
                }
            case .cancel, .thermal:
                break
            }
        }
        let doesSomething = script.actions.contains { action in
            switch action.what {
            case .scan, .ping, .ports: true
            case .cancel, .thermal: false
            }
        }
        guard doesSomething else {
            throw document.error(at: ["actions"], "the script does nothing", fix: "add at least one scan, ping or ports action")
        }
    }

    private static func checkTarget(_ target: String, _ path: YAMLPath, _ document: YAMLDocument) throws {
        if target.hasPrefix("$"), target.count > 1 { return }
        guard IPv4Address(target) != nil else {
            throw document.error(at: path, "target '\(target)' is neither an IPv4 address nor a $name",
                                 fix: "write an address such as 198.18.0.20, or $name and run with --target name=ADDRESS")
        }
    }

    static var decoder: StrictYAMLDecoder { StrictYAMLDecoder(knownKeys: knownKeys, schemaDocument: schemaDocument) }

    static let knownKeys: Set<String> = {
        var keys = Set<String>()
        func add<K: CaseIterable & CodingKey>(_: K.Type) { keys.formUnion(K.allCases.map(\.stringValue)) }
        add(SessionScript.CodingKeys.self)
        add(SessionScript.Action.CodingKeys.self)
        add(SessionScript.Ping.CodingKeys.self)
        add(SessionScript.Ports.CodingKeys.self)
        return keys
    }()
}
