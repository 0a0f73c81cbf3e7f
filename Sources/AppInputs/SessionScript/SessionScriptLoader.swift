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

    /// The `$names` a script uses as targets, names or queries, which the caller must bind.
    public static func variables(in script: SessionScript) -> Set<String> {
        Set(
            script.actions.flatMap { action -> [String] in
                switch action.what {
                case .ping(let p): [p.target]
                case .ports(let p): [p.target]
                case .trace(let t): [t.target]
                case .dns(let d): [d.name]
                case .whois(let w): [w.query] + (w.server.map { [$0] } ?? [])
                case .detail(let d): [d.target]
                case .wol(let w): [w.target]
                case .monitor(let m): m.targets
                case .cert(let e): [e.endpoint]
                default: []
                }
            }.filter { $0.hasPrefix("$") }.map { String($0.dropFirst()) }
        )
    }

    static func check(_ script: SessionScript, _ document: YAMLDocument) throws {
        // Scans may not overlap: after a scan, the next needs a `cancel: scan` between them (the
        // loader cannot know when a scan ends; after one that ended the cancel does nothing).
        var running: Double?
        var cancelledAt: Double?
        let ordered = script.actions.enumerated().sorted {
            ($0.element.atSeconds, $0.offset) < ($1.element.atSeconds, $1.offset)
        }
        for (i, action) in ordered {
            switch action.what {
            case .scan:
                if let since = running {
                    let fix =
                        since < action.atSeconds
                        ? "add {at_s: \(seconds((since + action.atSeconds) / 2)), cancel: scan} (any time after \(seconds(since)) s and before \(seconds(action.atSeconds)) s), as leaving the network screen does"
                        : "start this scan later than \(seconds(since)) s, with a {cancel: scan} between the two"
                    throw document.error(
                        at: ["actions", .index(i), "scan"],
                        "this scan would overlap the one started at \(seconds(since)) s: no cancel: scan before it",
                        fix: fix
                    )
                }
                if cancelledAt == action.atSeconds {
                    throw document.error(
                        at: ["actions", .index(i), "scan"],
                        "this scan and the cancel: scan before it are both at \(seconds(action.atSeconds)) s, so they may run in either order",
                        fix: "start this scan later than the cancel, e.g. at_s: \(seconds(action.atSeconds + 0.05))"
                    )
                }
                running = action.atSeconds
            case .cancel(.scan):
                // A cancel at the scan's own second may run before it: only a later one ends it.
                if let since = running, since < action.atSeconds {
                    running = nil
                    cancelledAt = action.atSeconds
                }
            default: break
            }
        }
        var backgroundAt: Double?
        for (i, action) in script.actions.enumerated() {
            let path: YAMLPath = ["actions", .index(i)]
            guard (0...3600).contains(action.atSeconds) else {
                throw document.error(
                    at: path.appending(key: "at_s"),
                    "at_s \(action.atSeconds) is out of range",
                    fix: "write 0 to 3600 seconds after the session starts"
                )
            }
            switch action.what {
            case .scan:
                break
            case .ping(let p):
                let at = path.appending(key: "ping")
                try checkTarget(p.target, at.appending(key: "target"), document)
                guard (1...1000).contains(p.count) else {
                    throw document.error(
                        at: at.appending(key: "count"),
                        "count \(p.count) is out of range",
                        fix: "write 1 to 1000 echoes"
                    )
                }
                if let t = p.timeoutMs, !(1...60_000).contains(t) {
                    throw document.error(
                        at: at.appending(key: "timeout_ms"),
                        "timeout_ms \(t) is out of range",
                        fix: "write 1 to 60000 milliseconds, or leave it out for the strategy's tools.ping.timeout_ms"
                    )
                }
                guard (10...60_000).contains(p.intervalMs) else {
                    throw document.error(
                        at: at.appending(key: "interval_ms"),
                        "interval_ms \(p.intervalMs) is out of range",
                        fix: "write 10 to 60000 milliseconds"
                    )
                }
            case .ports(let p):
                let at = path.appending(key: "ports")
                try checkTarget(p.target, at.appending(key: "target"), document)
                if let t = p.timeoutMs, !(1...60_000).contains(t) {
                    throw document.error(
                        at: at.appending(key: "timeout_ms"),
                        "timeout_ms \(t) is out of range",
                        fix:
                            "write 1 to 60000 milliseconds, or leave it out for the strategy's tools.port_scanner.timeout_ms"
                    )
                }
            case .trace(let t):
                try checkTarget(t.target, path.appending(key: "trace").appending(key: "target"), document)
            case .dns(let d):
                let at = path.appending(key: "dns")
                try checkText(
                    d.name,
                    at.appending(key: "name"),
                    document,
                    example: "nas.example.com, 192.0.2.1 (for PTR) or $dns_name"
                )
                guard SessionScript.DNS.types.contains(d.type.uppercased()) else {
                    throw document.error(
                        at: at.appending(key: "type"),
                        "record type '\(d.type)' is not one the DNS tool asks for",
                        fix: "write one of \(SessionScript.DNS.types.joined(separator: ", ")) (spec §5.5)"
                    )
                }
            case .whois(let w):
                let at = path.appending(key: "whois")
                try checkText(
                    w.query,
                    at.appending(key: "query"),
                    document,
                    example: "netmonitor.example, AS64500 or $whois_query"
                )
                if let server = w.server {
                    try checkText(
                        server,
                        at.appending(key: "server"),
                        document,
                        example: "whois.iana.example or $whois_server"
                    )
                }
            case .wol(let w):
                try SessionScriptToolChecks.check(w, path.appending(key: "wol"), document)
            case .browse(let b):
                try SessionScriptToolChecks.check(b, path.appending(key: "browse"), document)
            case .detail(let d):
                let at = path.appending(key: "detail")
                try checkTarget(d.target, at.appending(key: "target"), document)
                try SessionScriptToolChecks.checkWindow(d.windowS, at.appending(key: "window_s"), document)
            case .monitor(let m):
                try SessionScriptToolChecks.check(m, path.appending(key: "monitor"), document)
                for (t, target) in m.targets.enumerated() {
                    try checkTarget(
                        target,
                        path.appending(key: "monitor").appending(key: "targets").appending(index: t),
                        document
                    )
                }
            case .cert(let e):
                try checkText(
                    e.endpoint,
                    path.appending(key: "cert").appending(key: "endpoint"),
                    document,
                    example: "192.0.2.61:5001, nas.example:443 or $tls_endpoint"
                )
            case .cancel, .thermal:
                break
            case .background:
                if let earlier = backgroundAt {
                    throw document.error(
                        at: path.appending(key: "background"),
                        "the app is already in the background from \(seconds(earlier)) s",
                        fix: "keep one background action: a suspended app runs nothing more"
                    )
                }
                backgroundAt = action.atSeconds
            }
        }
        let doesSomething = script.actions.contains { action in
            switch action.what {
            case .scan, .ping, .ports, .trace, .dns, .whois, .wol, .browse, .detail, .monitor, .cert: true
            case .cancel, .thermal, .background: false
            }
        }
        guard doesSomething else {
            throw document.error(
                at: ["actions"],
                "the script does nothing",
                fix:
                    "add at least one scan, ping, ports, trace, dns, whois, wol, browse, detail, monitor or cert action"
            )
        }
    }

    /// `s` without a trailing `.0`, for a fix line.
    private static func seconds(_ s: Double) -> String {
        s == s.rounded() ? String(Int(s)) : String((s * 1000).rounded() / 1000)
    }

    private static func checkTarget(_ target: String, _ path: YAMLPath, _ document: YAMLDocument) throws {
        if target.hasPrefix("$"), target.count > 1 { return }
        guard IPv4Address(target) != nil else {
            throw document.error(
                at: path,
                "target '\(target)' is neither an IPv4 address nor a $name",
                fix: "write an address such as 192.0.2.20, or $name and run with --target name=ADDRESS"
            )
        }
    }

    /// A name or query: one line of text without spaces, or a `$name`.
    private static func checkText(_ text: String, _ path: YAMLPath, _ document: YAMLDocument, example: String) throws {
        guard !text.isEmpty, text != "$", !text.contains(where: { $0.isWhitespace }), text.utf8.count <= 253 else {
            throw document.error(at: path, "'\(text)' is not a name, address or $name", fix: "write e.g. \(example)")
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
        add(SessionScript.Trace.CodingKeys.self)
        add(SessionScript.DNS.CodingKeys.self)
        add(SessionScript.Whois.CodingKeys.self)
        add(SessionScript.WakeOnLAN.CodingKeys.self)
        add(SessionScript.Browse.CodingKeys.self)
        add(SessionScript.Detail.CodingKeys.self)
        add(SessionScript.Monitor.CodingKeys.self)
        add(SessionScript.Cert.CodingKeys.self)
        return keys
    }()
}
