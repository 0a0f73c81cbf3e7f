import AppContract

/// One knob of a strategy section, declared once in the section's `knobs` table: its key as a
/// strategy file spells it, the property it sets (whose declaration carries the type, the default
/// and the doc comment), the numbers `StrategyValidator` accepts with their unit, what
/// `scanbench tune` may try, and its `doc:` — the meaning column of docs/STRATEGIES.md, Markdown,
/// with the NetMonitor commits or seed lines the knob comes from. Decoding (absent or null keeps
/// the default), encoding (so the strict decoder sees every key it read), the loader's known keys,
/// the validator's range checks, the section's `tunable` and its table in docs/STRATEGIES.md
/// (`Strategy.markdownTable`) are all read off the table (`KnobSection`); no other source file
/// lists the knob. Outside Sources it is found by its dotted path: its behaviour check in
/// `KnobChecks` (`StrategyKnobTests` demands one); `StrategiesDocTests` fails while
/// docs/STRATEGIES.md's generated tables differ from the declarations.
///
/// Rules across knobs (the pipeline against the `enabled` flags, `min_ms` ≤ `max_ms`, classify's
/// `deep_probe`) stay in `StrategyValidator`, written out.
struct Knob<Section>: Sendable {
    /// The key in a strategy file, e.g. `host_concurrency`.
    let key: String
    /// Sets the property from the file when the key is there.
    let read: @Sendable (KeyedDecodingContainer<KnobKey>, inout Section) throws -> Void
    let write: @Sendable (Section, inout KeyedEncodingContainer<KnobKey>) throws -> Void
    /// Every key this knob brings, its own and, for a nested section, that section's.
    let keys: Set<String>
    /// The dotted paths it stands for: its key, or a nested section's knobs under it (`timeouts.mode`).
    let paths: [String]
    /// What `scanbench tune` may try, keys relative to the section.
    let tunable: [KnobRange]
    /// The numbers to check in a value of the section, paths relative to it.
    let checks: @Sendable (Section) -> [RangeCheck]
    /// Its rows in docs/STRATEGIES.md for a value of the section (the defaults): one, or a nested
    /// section's, keys under it (`timeouts.mode`).
    let docRows: @Sendable (Section) -> [KnobDocRow]
    /// A nested section: the top level's get a table of their own.
    let isSection: Bool

    /// A knob of any Codable type: no range, optionally tunable. `shown` replaces the default the
    /// doc would print (`6 + 12 types` for a long list).
    init<Value: Codable & Sendable>(
        _ key: String,
        _ path: WritableKeyPath<Section, Value> & Sendable,
        tune: KnobRange.Values? = nil,
        shown: String? = nil,
        doc: String
    ) {
        self.init(key, path, tune: tune, shown: shown, doc: doc) { _ in [] }
    }

    /// An optional knob: absent keeps the default, an explicit null sets nil, nil is left out when
    /// written (and shown as `—`).
    init<Value: Codable & Sendable>(
        _ key: String,
        _ path: WritableKeyPath<Section, Value?> & Sendable,
        shown: String? = nil,
        doc: String
    ) {
        self.init(
            key,
            keys: [key],
            paths: [key],
            tunable: [],
            checks: { _ in [] },
            docRows: { section in
                [KnobDocRow(key: key, shown: shown ?? section[keyPath: path].map(KnobDocRow.cell) ?? "—", doc: doc)]
            }
        ) { c, section in
            if c.contains(KnobKey(key)) {
                section[keyPath: path] = try c.decodeIfPresent(Value.self, forKey: KnobKey(key))
            }
        } write: { section, c in
            try c.encodeIfPresent(section[keyPath: path], forKey: KnobKey(key))
        }
    }

    /// A required knob: a file without it is refused.
    init<Value: Codable & Sendable>(
        required key: String,
        _ path: WritableKeyPath<Section, Value> & Sendable,
        doc: String
    ) {
        self.init(
            key,
            keys: [key],
            paths: [key],
            tunable: [],
            checks: { _ in [] },
            docRows: { _ in
                [KnobDocRow(key: key, shown: "(required)", doc: doc)]
            }
        ) { c, section in
            section[keyPath: path] = try c.decode(Value.self, forKey: KnobKey(key))
        } write: { section, c in
            try c.encode(section[keyPath: path], forKey: KnobKey(key))
        }
    }

    /// A whole number the validator keeps in `valid`, whose fix says `write <low> to <high> <unit>`.
    init(
        _ key: String,
        _ path: WritableKeyPath<Section, Int> & Sendable,
        _ valid: ClosedRange<Int>,
        _ unit: String,
        tune: KnobRange.Values? = nil,
        doc: String
    ) {
        self.init(key, path, tune: tune, shown: nil, doc: doc) {
            [RangeCheck(path: [key], value: $0[keyPath: path], valid: valid, unit: unit)]
        }
    }

    /// A whole number or `none` (`Limit`); a number is kept in `valid`.
    init(
        _ key: String,
        _ path: WritableKeyPath<Section, Limit> & Sendable,
        _ valid: ClosedRange<Int>,
        _ unit: String,
        tune: KnobRange.Values? = nil,
        doc: String
    ) {
        self.init(key, path, tune: tune, shown: nil, doc: doc) { section in
            section[keyPath: path].value.map {
                [RangeCheck(path: [key], value: $0, valid: valid, unit: unit, orNone: true)]
            } ?? []
        }
    }

    /// A nested section (`tcp.timeouts`): its knobs' keys, ranges, checks and doc rows, one level down.
    init<Value: KnobSection>(section key: String, _ path: WritableKeyPath<Section, Value> & Sendable) {
        self.init(
            key,
            path,
            keys: Value.allKeys.union([key]),
            paths: Value.knobs.flatMap(\.paths).map { "\(key).\($0)" },
            tunable: Value.tunable.map { $0.under(key) },
            isSection: true,
            docRows: { section in section[keyPath: path].docRows().map { $0.under(key) } }
        ) { section in
            section[keyPath: path].rangeChecks().map { $0.under(key) }
        }
    }

    private init<Value: Codable & Sendable>(
        _ key: String,
        _ path: WritableKeyPath<Section, Value> & Sendable,
        tune: KnobRange.Values?,
        shown: String?,
        doc: String,
        checks: @escaping @Sendable (Section) -> [RangeCheck]
    ) {
        self.init(
            key,
            path,
            keys: [key],
            paths: [key],
            tunable: tune.map { [KnobRange(key: key, values: $0)] } ?? [],
            docRows: { [KnobDocRow(key: key, shown: shown ?? KnobDocRow.cell($0[keyPath: path]), doc: doc)] },
            checks: checks
        )
    }

    /// Absent or null keeps the default.
    private init<Value: Codable & Sendable>(
        _ key: String,
        _ path: WritableKeyPath<Section, Value> & Sendable,
        keys: Set<String>,
        paths: [String],
        tunable: [KnobRange],
        isSection: Bool = false,
        docRows: @escaping @Sendable (Section) -> [KnobDocRow],
        checks: @escaping @Sendable (Section) -> [RangeCheck]
    ) {
        self.init(
            key,
            keys: keys,
            paths: paths,
            tunable: tunable,
            isSection: isSection,
            checks: checks,
            docRows: docRows
        ) { c, section in
            if let value = try c.decodeIfPresent(Value.self, forKey: KnobKey(key)) { section[keyPath: path] = value }
        } write: { section, c in
            try c.encode(section[keyPath: path], forKey: KnobKey(key))
        }
    }

    private init(
        _ key: String,
        keys: Set<String>,
        paths: [String],
        tunable: [KnobRange],
        isSection: Bool = false,
        checks: @escaping @Sendable (Section) -> [RangeCheck],
        docRows: @escaping @Sendable (Section) -> [KnobDocRow],
        read: @escaping @Sendable (KeyedDecodingContainer<KnobKey>, inout Section) throws -> Void,
        write: @escaping @Sendable (Section, inout KeyedEncodingContainer<KnobKey>) throws -> Void
    ) {
        self.key = key
        self.keys = keys
        self.paths = paths
        self.tunable = tunable
        self.checks = checks
        self.docRows = docRows
        self.isSection = isSection
        self.read = read
        self.write = write
    }
}

/// A knob's row in docs/STRATEGIES.md: `| key | default | meaning |`.
struct KnobDocRow: Sendable, Equatable {
    /// The key, dotted below a nested section (`timeouts.mode`).
    var key: String
    /// The default's cell: the value as a strategy file writes it, in backticks, or the knob's `shown`.
    let shown: String
    /// The meaning, Markdown (the knob's `doc:`).
    let doc: String

    func under(_ section: String) -> KnobDocRow {
        var row = self
        row.key = "\(section).\(key)"
        return row
    }

    var markdown: String { "| `\(key)` | \(shown) | \(doc) |" }

    /// A default as the doc writes it: `true`, `60`, `2` (a whole Double), `none`, `shipped`, `[80, 443]`, `{min: 1, max: 2}`.
    static func cell(_ value: Any) -> String { "`\(yaml(value))`" }

    private static func yaml(_ value: Any) -> String {
        switch value {
        case let value as Bool: String(value)
        case let value as Int: String(value)
        case let value as Double: value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case let value as String: value
        case let value as Limit: value.description
        case let value as any StrategyChoice: value.rawValue
        case let value as Strategy.PortRange: "{min: \(value.min), max: \(value.max)}"
        case let value as [Any]: "[" + value.map(yaml).joined(separator: ", ") + "]"
        default: "(no rendering for \(type(of: value)): give the knob a shown: default)"
        }
    }
}

/// A strategy section made of declared knobs. Its `init()` holds the defaults; its Codable
/// conformance forwards to `init(knobsFrom:)` and `encodeKnobs(to:)`.
protocol KnobSection: Codable, Sendable {
    init()
    static var knobs: [Knob<Self>] { get }
}

extension KnobSection {
    /// The defaults, then every knob the file sets.
    init(knobsFrom decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: KnobKey.self)
        for knob in Self.knobs { try knob.read(container, &self) }
    }

    func encodeKnobs(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: KnobKey.self)
        for knob in Self.knobs { try knob.write(self, &container) }
    }

    /// Every key of the section, nested sections' included.
    static var allKeys: Set<String> { knobs.reduce(into: []) { $0.formUnion($1.keys) } }

    /// What `scanbench tune` may try for these knobs (`KnobRange`), in table order; the others keep the base's value.
    static var tunable: [KnobRange] { knobs.flatMap(\.tunable) }

    /// The declared ranges, with this value's numbers.
    func rangeChecks() -> [RangeCheck] { Self.knobs.flatMap { $0.checks(self) } }

    /// The section's rows in docs/STRATEGIES.md, in table order, with this value as the defaults.
    func docRows() -> [KnobDocRow] { Self.knobs.flatMap { $0.docRows(self) } }
}

/// A number of a loaded strategy and the range its knob declares.
struct RangeCheck: Sendable {
    /// Keys from the section that declared it down to the knob.
    var path: [String]
    let value: Int
    let valid: ClosedRange<Int>
    let unit: String
    var orNone = false

    func under(_ section: String) -> RangeCheck {
        var check = self
        check.path.insert(section, at: 0)
        return check
    }
}

/// A key of a strategy section, by its spelling.
struct KnobKey: CodingKey {
    let stringValue: String
    init(_ key: String) { stringValue = key }
    init?(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
}

extension KnobRange.Values {
    /// Every word of a `StrategyChoice` but `except`.
    static func choice<Choice: StrategyChoice>(_ type: Choice.Type, except: [Choice] = []) -> Self {
        .words(type.allCases.map(\.rawValue).filter { !except.map(\.rawValue).contains($0) })
    }

    /// `true` or `false`.
    static let flag = Self.words(["false", "true"])

    /// One of a few numbers (where a range would waste draws on values that behave alike).
    static func numbers(_ numbers: [Int]) -> Self { .words(numbers.map(String.init)) }
}
