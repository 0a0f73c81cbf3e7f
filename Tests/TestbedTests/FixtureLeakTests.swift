import Fixture
import Foundation
import Testing
import Testbed
import Wire

/// The system under test must earn its numbers on any LAN (issue 15): nothing that only our
/// fixtures send may be written into any module linked into `scanbench-app` (the `ScanBenchApp`
/// target and its dependency closure, read from Package.swift, so a new dependency is covered
/// without editing this file). This suite walks every fixture in `fixtures/lans/`, collects what
/// identifies its devices, and fails on each place the SUT's source names it.
///
/// | collected from every fixture | a leak when the SUT's source has it as | strictness |
/// |---|---|---|
/// | MAC prefix (first 3 bytes) of every device and the scanner | `3c:a6:2f`, `3C-A6-2F`, the word `3ca62f` or `0x3c, 0xa6, 0x2f`, anywhere on a line | strict |
/// | SSDP `location_path` | part of a string literal | strict |
/// | identifying strings: HTTP `server`/`title`, SSDP `server`, banner `text`, UPnP `friendly_name`/`manufacturer`/`model_name`/`model_number`, AirPlay `model`/`name`, Chromecast `name`/`model_name`/`manufacturer`, mDNS instance names and TXT values, host names | a string literal equal to the whole string, or a word of a literal equal to a word of it (words of 4+ characters with a letter, not in `vocabulary`) | strict |
/// | device names and addresses (the scanner's too) | a name as a word of a string literal; an address anywhere on a line (help texts' examples use RFC 5737's 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24) | strict, no citation exempts |
/// | open TCP ports and UDP listener ports that are *unusual*: not among the 1000 most frequently open ports of their protocol in nmap's `nmap-services` (open-frequency column) | an integer literal | ports only: common ports (22, 80, 443, …) are everyone's knowledge, and a list copied from a fixture always carries the device-specific ones (Sonos 1400, FRITZ!Box 49000, ESPHome 6053 …) |
///
/// A line is exempt when its own comment, or a comment line right above it, cites a public
/// source (`citation`: `// IEEE`, `// IANA`, `// nmap-services`, `// RFC 6763`, `// UPnP Forum`,
/// an `https://` address …): knowledge a real scanner can have, with the reference to check it. A
/// seed line (`seed 002:118`) cites the user's own document of the app a preset emulates: what
/// that app's code does (HomeNet's probe paths) is the app's knowledge, not the fixture's.
/// Types of mDNS services and UPnP devices are neither collected nor searched (a literal such as
/// `_sonos._tcp` or `urn:…` is skipped): they are registry names (IANA service names, UPnP Forum /
/// vendor URNs), public by construction.
@Suite("The system under test knows no fixture")
struct FixtureLeakTests {
    /// The package root: this file is `<root>/Tests/TestbedTests/FixtureLeakTests.swift`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The directories of the system under test: every local target `scanbench-app` links.
    static var sutDirectories: [String] {
        get throws {
            try PackageTargets.load(packageRoot.appendingPathComponent("Package.swift").path).closure(
                of: "ScanBenchApp"
            ).map { "Sources/\($0)" }
        }
    }

    /// Words that fixture strings share with any networking code, so not evidence of a leak on
    /// their own: protocol words ("host", "socket", "echo", "rtsp", "fe80"), the classifier's own
    /// category names, the legal-form and trade words of company names ("Electronics",
    /// "International", "Smart" in "Tuya Smart Inc."), and the room names the fixtures give devices.
    static let vocabulary: Set<String> = [
        // protocols and code
        "http", "https", "server", "upnp", "linux", "info", "version", "model", "name", "type", "device", "devices",
        "host",
        "socket", "echo", "rtsp", "fe80", "local", "path", "json", "true", "false", "none", "api", "sdk", "portable",
        "unspecified", "application", "image", "players", "print", "series", "access", "point",
        // the categories (Fixture.DeviceCategory)
        "router", "phone", "tablet", "computer", "speaker", "gaming", "printer", "camera", "storage",
        // company-name forms and trade words
        "corp", "company", "technologies", "technology", "systems", "electronics", "international", "smart",
        "lighting", "networks", "communications",
        // rooms
        "room", "living", "bedroom", "kitchen", "office", "home", "hallway", "garden",
        // the default gateway of any LAN
        "gateway",
    ]

    /// A comment that names where the knowledge comes from.
    static var citation: Regex<AnyRegexOutput> {
        try! Regex(
            #"(?i)\b(IEEE|IANA|RFC ?\d+|nmap(-services|-mac-prefixes)?|UPnP Forum|DNS-SD|DIAL|Bonjour Printing|IPP Everywhere|PWG|Apple|Google|Microsoft|AOSP|ESP-IDF|Raspberry Pi|Sonos|AVM|Samsung|Plex|Spotify|Matter|HomeKit|ESPHome|seed 00\d:\d+)\b|https?://"#
        ).wordBoundaryKind(.simple)
    }

    // MARK: The checks

    @Test("no fixture's MAC prefix is written into the SUT")
    func macPrefixes() throws {
        let corpus = try Corpus.load()
        #expect(corpus.macPrefixes.count >= 40, "the fixtures' prefixes were not collected")
        var leaks: [String] = []
        for line in try SourceLine.all() {
            let written = Self.prefixes(in: line.text)
            let hits = corpus.macPrefixes.filter { written.contains($0.key) }
                .map { "\(line.location): MAC prefix \(Self.hex($0.key, ":")) (\($0.value))" }
            if !hits.isEmpty, !line.isCited { leaks += hits.sorted() }
        }
        if !leaks.isEmpty { Issue.record(Self.report(leaks)) }
    }

    @Test("no fixture's UPnP description path is written into the SUT")
    func locationPaths() throws {
        let corpus = try Corpus.load()
        #expect(!corpus.locationPaths.isEmpty, "the fixtures' location paths were not collected")
        var leaks: [String] = []
        for line in try SourceLine.all() {
            for literal in line.literals {
                let hits = corpus.locationPaths.filter { literal.contains($0.key) }
                    .map { "\(line.location): description path \"\($0.key)\" (\($0.value))" }
                if !hits.isEmpty, !line.isCited { leaks += hits.sorted() }
            }
        }
        if !leaks.isEmpty { Issue.record(Self.report(leaks)) }
    }

    @Test("no string a fixture's device sends is written into the SUT")
    func deviceStrings() throws {
        let corpus = try Corpus.load()
        #expect(corpus.words.count >= 100, "the fixtures' strings were not collected")
        var leaks: [String] = []
        for line in try SourceLine.all() {
            for literal in line.literals where !Self.isRegistryName(literal) {
                var hits = Set<String>()
                let whole = literal.lowercased().trimmingCharacters(in: .whitespaces)
                if let origin = corpus.wholeStrings[whole] { hits.insert("\"\(literal)\" (\(origin))") }
                for word in Self.words(literal) {
                    if let origin = corpus.words[word] { hits.insert("'\(word)' in \"\(literal)\" (\(origin))") }
                }
                if !hits.isEmpty, !line.isCited { leaks += hits.sorted().map { "\(line.location): \($0)" } }
            }
        }
        if !leaks.isEmpty { Issue.record(Self.report(leaks)) }
    }

    @Test("no fixture's device address or device name is written into the SUT, examples included")
    func addressesAndNames() throws {
        let corpus = try Corpus.load()
        #expect(
            corpus.addresses.count >= 40 && corpus.names.count >= 40,
            "the fixtures' addresses and names were not collected"
        )
        var leaks: [String] = []
        for line in try SourceLine.all() {
            for address in Self.addresses(in: line.text) {
                if let origin = corpus.addresses[address] {
                    leaks.append("\(line.location): address \(address) (\(origin)); use RFC 5737's 192.0.2.0/24")
                }
            }
            for literal in line.literals {
                let words = Set(
                    literal.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") }).map(
                        String.init
                    )
                )
                for word in words.sorted() where word.count >= 4 && !Self.vocabulary.contains(word) {
                    if let origin = corpus.names[word] {
                        leaks.append("\(line.location): device name '\(word)' in \"\(literal)\" (\(origin))")
                    }
                }
            }
        }
        if !leaks.isEmpty { Issue.record(Self.report(leaks)) }
    }

    @Test("the modules searched are scanbench-app's whole dependency closure, from Package.swift")
    func modulesSearched() throws {
        let modules = try Self.sutDirectories
        for module in [
            "ScanBenchApp", "AppSession", "ScanKit", "NetTools", "AppContract", "Platform", "Wire", "Identity", "Spawn",
        ] {
            #expect(modules.contains("Sources/\(module)"), "\(module) is linked into scanbench-app: \(modules)")
        }
        for module in ["Harness", "Fixture", "Testbed", "TestbedPlatform", "Capture", "Report"] {
            #expect(!modules.contains("Sources/\(module)"), "\(module) is not linked into scanbench-app")
        }
        let manifest = """
            .target(name: "A", dependencies: ["B", .product(name: "P", package: "p")]),
            .target(name: "B", dependencies: ["C"], swiftSettings: strict),
            .systemLibrary(name: "C", pkgConfig: "c"),
            .target(name: "D"),
            .executableTarget(name: "App", dependencies: ["A"]),
            """
        #expect(PackageTargets(manifest: manifest).closure(of: "App") == ["A", "App", "B", "C"])
        let line = SourceLine(
            file: "x.swift",
            number: 1,
            text: #"    help: "e.g. ping_target=198.18.0.20 or 192.0.2.20, not 1.198.18.0.200""#,
            above: nil
        )
        #expect(Self.addresses(in: line.text) == ["198.18.0.20", "192.0.2.20"])
        #expect(Self.addresses(in: "eth0 with an address in 198.18.0.0/15; v1.2.3").isEmpty)
    }

    @Test("no device-specific port of a fixture is written into the SUT")
    func unusualPorts() throws {
        let corpus = try Corpus.load()
        let unusual = try corpus.unusualPorts()
        #expect(!unusual.isEmpty, "every fixture port is common: the rule checks nothing")
        var leaks: [String] = []
        for line in try SourceLine.all() {
            for number in line.integers {
                if let origin = unusual[number], !line.isCited {
                    leaks.append("\(line.location): port \(number) (\(origin))")
                }
            }
        }
        if !leaks.isEmpty { Issue.record(Self.report(leaks)) }
    }

    /// The matcher itself, on lines written for it: a table row like the old `VendorTable`'s is
    /// caught, the same row citing the IEEE is not, and neither are protocol words.
    @Test("the matcher catches a copied row and spares a cited one")
    func matcher() throws {
        let row = SourceLine(
            file: "x.swift",
            number: 1,
            text: #"    "3C:A6:2F": "AVM", "F0:18:98": "Apple","#,
            above: nil
        )
        #expect(!row.isCited)
        let avm: [UInt8] = [0x3C, 0xA6, 0x2F]
        #expect(Self.mentions(row.text, prefix: avm))
        #expect(Self.mentions("let p: [UInt8] = [0x3c, 0xa6, 0x2f]", prefix: avm))
        #expect(Self.mentions(#"table["3ca62f"], "3CA62F4E9101", "3c-a6-2f-4e""#, prefix: avm))
        #expect(Self.mentions("mac 00:3c:a6:2f:4e:91", prefix: avm), "any window of a longer run")
        #expect(!Self.mentions("let x = 0x3ca62f01; y = 13ca62f; t = 23:3c:a6", prefix: avm))
        let cited = SourceLine(file: "x.swift", number: 2, text: #"    "3C:A6:2F": "AVM",  // IEEE MA-L"#, above: nil)
        #expect(cited.isCited)
        #expect(
            SourceLine(file: "x.swift", number: 2, text: #"    x = 49000  // AVM's TR-064 docs"#, above: nil).isCited
        )
        #expect(
            !SourceLine(file: "x.swift", number: 2, text: #"    x = 49000  // the router's port"#, above: nil).isCited
        )
        let below = SourceLine(
            file: "x.swift",
            number: 3,
            text: #"    ("app-webs", .camera),"#,
            above: "    // source: https://example.org/x"
        )
        #expect(below.isCited)
        #expect(below.literals == ["app-webs"])
        #expect(Self.words("App-webs/") == ["app-webs", "webs"])
        #expect(Self.isRegistryName("_sonos._tcp") && Self.isRegistryName("urn:schemas-upnp-org:device:Basic:1"))
        #expect(!Self.isRegistryName("sonos"))
        #expect(Self.words("Linux UPnP/1.0 Sonos/80.1-55240 (ZPS37)") == ["sonos", "zps37"])
        let code = SourceLine(
            file: "x.swift",
            number: 4,
            text: #"    let ports = [1400, 49_000, 8080] // "6053" ports"#,
            above: nil
        )
        #expect(code.integers == [1400, 49000, 8080])
        #expect(code.literals.isEmpty)
    }

    // MARK: Matching

    /// Every dotted-quad IPv4 address written in `text` (not part of a longer dotted run or a network's `/prefix`).
    static func addresses(in text: String) -> [String] {
        text.split(whereSeparator: { !($0.isNumber || $0 == "." || $0 == "/") }).compactMap { token in
            guard !token.contains("/") else { return nil }
            let trimmed = token.hasSuffix(".") ? token.dropLast() : token
            guard trimmed.split(separator: ".", omittingEmptySubsequences: false).count == 4 else { return nil }
            return IPv4Address(String(trimmed))?.description
        }
    }

    /// Whether `text` names the 3-byte `prefix` in a form a table would use.
    static func mentions(_ text: String, prefix: [UInt8]) -> Bool { prefixes(in: text).contains(prefix) }

    /// Every 3-byte prefix `text` writes: runs of hex pairs joined by `:` or `-` (`3c:a6:2f`,
    /// `3C-A6-2F-4E`, each window of three), byte literals (`0x3c, 0xa6, 0x2f`), and hex words of
    /// exactly 6 or 12 digits (`3ca62f`, `3ca62f4e9101`; not part of a longer number or `0x…`).
    static func prefixes(in text: String) -> Set<[UInt8]> {
        let characters = Array(text.lowercased())
        var found = Set<[UInt8]>()
        func windows(_ bytes: [UInt8]) {
            guard bytes.count >= 3 else { return }
            for start in 0...(bytes.count - 3) { found.insert(Array(bytes[start..<start + 3])) }
        }
        func hexValue(_ index: Int, _ count: Int) -> UInt8? {
            guard index + count <= characters.count, characters[index..<index + count].allSatisfy(\.isHexDigit) else {
                return nil
            }
            return UInt8(String(characters[index..<index + count]), radix: 16)
        }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let previous: Character = index > 0 ? characters[index - 1] : " "
            if character == "0", index + 1 < characters.count, characters[index + 1] == "x", !previous.isHexDigit {
                // byte literals: 0xHH, 0xHH, ...
                var bytes: [UInt8] = []
                var cursor = index
                while cursor + 1 < characters.count, characters[cursor] == "0", characters[cursor + 1] == "x" {
                    var digits = 0
                    while cursor + 2 + digits < characters.count, characters[cursor + 2 + digits].isHexDigit {
                        digits += 1
                    }
                    guard digits == 1 || digits == 2, let value = hexValue(cursor + 2, digits) else { break }
                    bytes.append(value)
                    cursor += 2 + digits
                    while cursor < characters.count, characters[cursor] == "," || characters[cursor].isWhitespace {
                        cursor += 1
                    }
                }
                windows(bytes)
                index = max(cursor, index + 2)
                continue
            }
            guard character.isHexDigit, !previous.isHexDigit, previous != "x" else { index += 1; continue }
            var end = index
            while end < characters.count, characters[end].isHexDigit { end += 1 }
            let run = end - index
            if run == 2, end < characters.count, characters[end] == ":" || characters[end] == "-" {
                // separated pairs
                let separator = characters[end]
                var bytes: [UInt8] = []
                var cursor = index
                while let value = hexValue(cursor, 2),
                    cursor + 2 == characters.count || !characters[cursor + 2].isHexDigit
                {
                    bytes.append(value)
                    guard cursor + 2 < characters.count, characters[cursor + 2] == separator else { cursor += 2; break }
                    cursor += 3
                }
                windows(bytes)
                index = max(cursor, end)
                continue
            }
            if run == 6 || run == 12 { windows(Array((0..<3).compactMap { hexValue(index + 2 * $0, 2) })) }
            index = end
        }
        return found
    }

    /// A DNS-SD service type (`_sonos._tcp`, RFC 6763 §7) or a URN (`urn:schemas-upnp-org:…`):
    /// registry names, public by construction, like the types the suite does not collect.
    static func isRegistryName(_ literal: String) -> Bool {
        if literal.hasPrefix("urn:") { return true }
        guard literal.hasPrefix("_"), literal.hasSuffix("._tcp") || literal.hasSuffix("._udp") else { return false }
        return literal.dropFirst().dropLast(5).allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
    }

    static func hex(_ bytes: [UInt8], _ separator: String) -> String {
        bytes.map { String(format: "%02x", $0) }.joined(separator: separator)
    }

    /// The words of `text` that can identify a device: runs of letters, digits and `-_.!+&`,
    /// and their parts between those marks; lower-cased; 4+ characters with a letter (not version
    /// numbers), not `vocabulary`.
    static func words(_ text: String) -> [String] {
        let joiners = Set("-_.!+&")
        var result: [String] = []
        func keep(_ word: Substring) {
            let word = word.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "-_.!+&"))
            guard word.count >= 4, word.contains(where: \.isLetter), !vocabulary.contains(word), !result.contains(word)
            else { return }
            result.append(word)
        }
        for run in text.split(whereSeparator: { !($0.isLetter || $0.isNumber || joiners.contains($0)) }) {
            keep(run)
            let parts = run.split(whereSeparator: { joiners.contains($0) })
            if parts.count > 1 { parts.forEach(keep) }
        }
        return result
    }

    static func report(_ leaks: [String]) -> Comment {
        """
        \(leaks.count) leak(s) of fixture knowledge into the system under test:
        \(leaks.joined(separator: "\n"))
        fix: replace it with knowledge a scanner has on any LAN (IEEE registry, nmap-services, IANA/DNS-SD, UPnP Forum, the \
        answer the device gave), or cite the public source in a comment on the line
        """
    }

    // MARK: What the fixtures say

    /// Everything collected from the fixtures, each value with where it came from.
    struct Corpus {
        var macPrefixes: [[UInt8]: String] = [:]
        var locationPaths: [String: String] = [:]
        var wholeStrings: [String: String] = [:]
        var words: [String: String] = [:]
        /// Every device's and scanner's address, and every device's name.
        var addresses: [String: String] = [:]
        var names: [String: String] = [:]
        /// Open TCP / UDP listener ports with their protocol.
        var ports: [(port: Int, udp: Bool, origin: String)] = []

        static func load() throws -> Corpus {
            let directory = FixtureLeakTests.packageRoot.appendingPathComponent("fixtures/lans").path
            var corpus = Corpus()
            for file in try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
            where file.hasSuffix(".yaml") {
                let fixture = try FixtureLoader.load("\(directory)/\(file)")
                corpus.add(fixture)
            }
            return corpus
        }

        mutating func add(_ fixture: Fixture) {
            func addPrefix(_ mac: MACAddress, _ origin: String) {
                let prefix = Array(mac.array.prefix(3))
                if macPrefixes[prefix] == nil { macPrefixes[prefix] = origin }
            }
            addPrefix(fixture.network.scanner.mac, "\(fixture.name): scanner")
            addresses[fixture.network.scanner.ip.description] =
                addresses[fixture.network.scanner.ip.description] ?? "\(fixture.name): scanner"
            for device in fixture.devices {
                let origin = "\(fixture.name): \(device.name)"
                addPrefix(device.mac, origin)
                addresses[device.ip.description] = addresses[device.ip.description] ?? origin
                names[device.name.lowercased()] = names[device.name.lowercased()] ?? origin
                if let path = device.ssdp?.locationPath { locationPaths[path] = "\(origin) location_path" }
                for port in device.tcpPorts.openPorts { ports.append((port, false, "\(origin) tcp.open")) }
                for service in device.udp ?? [] { ports.append((service.port, true, "\(origin) udp")) }
                var strings: [(String, String)] = []
                if let hostname = device.hostname { strings.append((hostname, "hostname")) }
                for endpoint in device.http ?? [] {
                    if let server = endpoint.server { strings.append((server, "http server")) }
                    if let title = endpoint.title { strings.append((title, "http title")) }
                }
                if let server = device.ssdp?.server { strings.append((server, "ssdp server")) }
                for banner in device.banners ?? [] { strings.append((banner.text, "banner")) }
                if let upnp = device.upnp {
                    strings += [
                        (upnp.friendlyName, "upnp friendly_name"), (upnp.manufacturer, "upnp manufacturer"),
                        (upnp.modelName, "upnp model_name"),
                    ]
                    if let number = upnp.modelNumber { strings.append((number, "upnp model_number")) }
                }
                if let airplay = device.airplay {
                    strings += [(airplay.model, "airplay model"), (airplay.name, "airplay name")]
                }
                if let cast = device.chromecast {
                    strings += [(cast.name, "chromecast name"), (cast.modelName, "chromecast model_name")]
                    if let manufacturer = cast.manufacturer {
                        strings.append((manufacturer, "chromecast manufacturer"))
                    }
                }
                for service in device.mdns ?? [] {
                    strings.append((service.instance, "mdns instance"))
                    for (key, value) in service.txt ?? [:] { strings.append((value, "mdns txt \(key)")) }
                }
                for (text, field) in strings {
                    let whole = text.lowercased().trimmingCharacters(in: .whitespaces)
                    if whole.count >= 4, whole.contains(where: \.isLetter), !FixtureLeakTests.vocabulary.contains(whole)
                    {
                        wholeStrings[whole] = wholeStrings[whole] ?? "\(origin) \(field)"
                    }
                    for word in FixtureLeakTests.words(text) {
                        words[word] = words[word] ?? "\(origin) \(field) \"\(text)\""
                    }
                }
            }
        }

        /// Ports no public frequency list would name: outside the 1000 most frequently open
        /// ports of their protocol in nmap's `nmap-services`.
        func unusualPorts() throws -> [Int: String] {
            let path = "/usr/share/nmap/nmap-services"
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw TestbedError(
                    "\(path) is missing",
                    fix: "install the Debian package nmap (scripts/bootstrap.sh does)"
                )
            }
            var ranked: [String: [(port: Int, frequency: Double)]] = [:]
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let fields = line.split(separator: "\t")
                guard fields.count >= 3, let slash = fields[1].firstIndex(of: "/"), let port = Int(fields[1][..<slash]),
                    let frequency = Double(fields[2])
                else { continue }
                ranked[String(fields[1][fields[1].index(after: slash)...]), default: []].append((port, frequency))
            }
            func top(_ proto: String) -> Set<Int> {
                Set(
                    (ranked[proto] ?? []).sorted { ($0.frequency, -$0.port) > ($1.frequency, -$1.port) }.prefix(1000)
                        .map(\.port)
                )
            }
            let common = (tcp: top("tcp"), udp: top("udp"))
            var unusual: [Int: String] = [:]
            for entry in ports where !(entry.udp ? common.udp : common.tcp).contains(entry.port) {
                unusual[entry.port] = unusual[entry.port] ?? entry.origin
            }
            return unusual
        }
    }

    // MARK: What links into the SUT

    /// The package's local targets and the targets each depends on by name, read from Package.swift's
    /// `.target(name:dependencies:)` entries (products of other packages are not ours to search).
    struct PackageTargets {
        var dependencies: [String: [String]] = [:]

        init(manifest: String) {
            let entry = try! Regex(#"\.(?:target|executableTarget|systemLibrary|binaryTarget)\(\s*name:\s*"([^"]+)""#)
            let matches = manifest.matches(of: entry)
            for (index, match) in matches.enumerated() {
                guard let name = match.output[1].substring.map(String.init) else { continue }
                let end = index + 1 < matches.count ? matches[index + 1].range.lowerBound : manifest.endIndex
                var body = String(manifest[match.range.upperBound..<end])
                // Only this entry's dependencies: up to its matching bracket, other packages' products removed.
                guard let open = body.range(of: "dependencies:") else { dependencies[name] = []; continue }
                body = String(body[open.upperBound...])
                var depth = 0, list = ""
                for character in body {
                    if character == "[" { depth += 1 } else if character == "]" { depth -= 1; if depth == 0 { break } }
                    if depth > 0 { list.append(character) }
                }
                list = list.replacing(try! Regex(#"\.product\([^)]*\)"#), with: "")
                dependencies[name] = list.matches(of: try! Regex(#""([^"]+)""#)).compactMap {
                    $0.output[1].substring.map(String.init)
                }
            }
        }

        static func load(_ path: String) throws -> PackageTargets {
            PackageTargets(manifest: try String(contentsOfFile: path, encoding: .utf8))
        }

        /// `target` and every local target it depends on, directly or not, sorted.
        func closure(of target: String) -> [String] {
            var seen: Set<String> = [], queue = [target]
            while let next = queue.popLast() {
                guard dependencies[next] != nil, seen.insert(next).inserted else { continue }
                queue += dependencies[next] ?? []
            }
            return seen.sorted()
        }
    }

    // MARK: What the SUT's source says

    /// One line of the SUT's source, with the comment line above it (for citations).
    struct SourceLine {
        var file: String
        var number: Int
        var text: String
        var above: String?
        /// The file is a public table that names its source (`source: "…"`, Identity's `PublicTable`).
        var fileCited = false

        var location: String { "\(file):\(number)" }

        static func all() throws -> [SourceLine] {
            var lines: [SourceLine] = []
            for directory in try FixtureLeakTests.sutDirectories {
                let root = FixtureLeakTests.packageRoot.appendingPathComponent(directory)
                guard let enumerator = FileManager.default.enumerator(atPath: root.path) else {
                    Issue.record("\(directory) is linked into scanbench-app but has no sources there")
                    continue
                }
                for case let relative as String in enumerator
                where [".swift", ".c", ".h"].contains(where: relative.hasSuffix) {
                    let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
                    let table = text.contains(try! Regex(#"\bsource:\s*"[^"]{10,}""#))
                    var previous: String?
                    for (index, line) in text.components(separatedBy: "\n").enumerated() {
                        var sourceLine = SourceLine(
                            file: "\(directory)/\(relative)",
                            number: index + 1,
                            text: line,
                            above: previous
                        )
                        sourceLine.fileCited = table
                        lines.append(sourceLine)
                        previous = line
                    }
                }
            }
            #expect(lines.count > 1000, "the SUT's sources were not found under \(FixtureLeakTests.packageRoot.path)")
            return lines
        }

        /// The line without string literals, and the literals' contents.
        private var split: (code: String, literals: [String], comment: String?) {
            var code = ""
            var literals: [String] = []
            var current: String?
            var escaped = false
            var characters = Array(text)[...]
            while let character = characters.popFirst() {
                if var literal = current {
                    if escaped { literal.append(character); escaped = false; current = literal; continue }
                    if character == "\\" { escaped = true; literal.append(character); current = literal; continue }
                    if character == "\"" { literals.append(literal); current = nil; code.append(" "); continue }
                    literal.append(character)
                    current = literal
                    continue
                }
                if character == "\"" { current = ""; continue }
                if character == "/", characters.first == "/" { return (code, literals, String(characters.dropFirst())) }
                code.append(character)
            }
            if let current { literals.append(current) }
            return (code, literals, nil)
        }

        var literals: [String] { split.literals }

        /// Integer literals in the code part (`49_000` counts as 49000).
        var integers: [Int] {
            let code = split.code
            guard let regex = try? Regex(#"(?:^|[^\w.])(\d[\d_]*)(?![\w.])"#) else { return [] }
            return code.matches(of: regex).compactMap { match in
                match.output[1].substring.flatMap { Int($0.replacingOccurrences(of: "_", with: "")) }
            }
        }

        /// The line's comment, or a comment line right above it, cites a public source.
        var isCited: Bool {
            if fileCited { return true }
            if let comment = split.comment, comment.contains(FixtureLeakTests.citation) { return true }
            if let above, above.trimmingCharacters(in: .whitespaces).hasPrefix("//"),
                above.contains(FixtureLeakTests.citation)
            {
                return true
            }
            return false
        }
    }
}
