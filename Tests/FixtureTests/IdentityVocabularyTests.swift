@testable import Fixture
import Foundation
import Identity
import Testing
import Wire

/// Issue 35: the classifier reads devices by public specifications, never by a string only our
/// catalogue contains. Every string literal the classifier's sources (`classifierFiles`) hold —
/// but the names of its own rules (`rule: "vendor"`), which it prints and never matches — that also appears in the generator's catalogue (`DeviceCatalog`: types, TXT keys and
/// values, names, models, UPnP and HTTP strings, banners) must be an entry of one of the cited
/// tables in `Sources/Identity` (`IdentityVocabulary.all`, one per source) — otherwise the rule
/// was written from our own catalogue.
@Suite("The classifier keys on cited public vocabulary only")
struct IdentityVocabularyTests {
    static let root = BuiltinFixtureTests.packageRoot
    static let classifierDirectory = root.appendingPathComponent("Sources/NetTools/Probe")
    /// The files that decide a category: the rules, and nmap-os-db's reading.
    static let classifierFiles = ["DeviceClassifier.swift", "NmapDeviceTypes.swift"]

    /// The literal text of a catalogue template: the parts between `{token}`s, lower-cased.
    static func fragments(_ template: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var inToken = false
        for character in template {
            if character == "{" {
                inToken = true; parts.append(current); current = ""
            } else if character == "}" {
                inToken = false
            } else if !inToken {
                current.append(character)
            }
        }
        parts.append(current)
        return parts.map { $0.lowercased() }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// Every string the catalogue can put on the wire, as literal fragments.
    static func catalogueStrings() -> Set<String> {
        var strings: [String] = []
        for kind in DeviceCatalog.kinds {
            strings += [kind.vendor, kind.label] + [kind.hostname].compactMap { $0 }
            strings += kind.models.flatMap { [$0.name] + [$0.id].compactMap { $0 } }
            for feature in kind.features {
                for service in feature.mdns {
                    strings += [service.type, service.instance] + service.txt.flatMap { [$0.key, $0.value] }
                }
                strings += feature.http.flatMap { [$0.server, $0.title].compactMap { $0 } }
                strings += feature.banners.map(\.text)
                if let upnp = feature.upnp {
                    strings +=
                        [upnp.deviceType, upnp.product, upnp.friendlyName, upnp.manufacturer, upnp.path] + upnp.services
                }
            }
        }
        return Set(strings.flatMap(fragments))
    }

    /// The string literals of Swift source `text`, comments left out (`//` to the end of a line).
    static func literals(inSwift text: String) -> [String] {
        var found: [String] = []
        for line in text.split(separator: "\n") {
            let code = line.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : String(line)
            guard let regex = try? Regex(#""((?:[^"\\]|\\.)*)""#) else { continue }
            for match in code.matches(of: regex) where !code[..<match.range.lowerBound].hasSuffix("rule: ") {
                if let body = match.output[1].substring { found.append(String(body)) }
            }
        }
        return found
    }

    /// The classifier's literals that appear in `catalogue` (a literal of 2+ characters with a
    /// letter, found in a catalogue string or equal to one) and in no cited vocabulary.
    static func uncited(_ classifierLiterals: [String], catalogue: Set<String>) -> [String] {
        let cited = Set(IdentityVocabulary.all.flatMap { $0.entries.map { $0.literal.lowercased() } })
        return Set(classifierLiterals).filter { literal in
            let lower = literal.lowercased().trimmingCharacters(in: .whitespaces)
            guard lower.count >= 2, lower.contains(where: \.isLetter), !cited.contains(lower) else { return false }
            return catalogue.contains { $0 == lower || (lower.count >= 4 && $0.contains(lower)) }
        }.sorted()
    }

    @Test("every vocabulary names its source and has entries")
    func vocabulariesCite() {
        #expect(IdentityVocabulary.all.count >= 7)
        for vocabulary in IdentityVocabulary.all {
            #expect(vocabulary.source.count > 20, "\(vocabulary.name) cites no source")
            #expect(!vocabulary.entries.isEmpty, "\(vocabulary.name) is empty")
        }
    }

    @Test("no classifier literal that the generator's catalogue contains is missing from the cited vocabularies")
    func classifierKeysOnCitedLiterals() throws {
        let catalogue = Self.catalogueStrings()
        #expect(
            catalogue.contains("_googlecast._tcp") && catalogue.contains("ci"),
            "the catalogue's strings were not collected"
        )
        var literals: [String] = []
        for file in Self.classifierFiles {
            literals += Self.literals(
                inSwift: try String(contentsOf: Self.classifierDirectory.appendingPathComponent(file), encoding: .utf8)
            )
        }
        #expect(literals.count > 10, "the classifier's literals were not read")
        let leaks = Self.uncited(literals, catalogue: catalogue)
        #expect(
            leaks.isEmpty,
            "classifier literals found in the generator's catalogue but in no cited table (add the table with its source to Sources/Identity, or drop the rule): \(leaks)"
        )
    }

    @Test("the check bites: a rule on the catalogue's Amazon host names or Samsung's ports would fail it")
    func checkBites() {
        let catalogue = Self.catalogueStrings()
        #expect(Self.uncited(["amazon-", "SonosZP"], catalogue: catalogue) == ["SonosZP", "amazon-"])
        #expect(Self.uncited(["_ipp._tcp", "iphone", "ci"], catalogue: catalogue).isEmpty, "cited entries pass")
    }

    @Test(
        "identifiable: a device's own determining signal in its category; nothing determining, or a misleading one, is not"
    )
    func identifiability() throws {
        let gateway = try #require(IPv4Address("198.18.0.1"))
        func device(
            _ category: Fixture.DeviceCategory,
            _ configure: (inout Fixture.Device) -> Void
        ) throws -> Fixture.Device {
            var device = Fixture.Device(
                name: "d",
                ip: try #require(IPv4Address("198.18.0.9")),
                mac: try #require(MACAddress("02:00:00:00:00:09")),
                category: category
            )
            configure(&device)
            return device
        }
        let hub = try device(.iot) { $0.mdns = [.init(type: "_hap._tcp", instance: "Hub", port: 80, txt: ["ci": "2"])] }
        #expect(Identifiability.isIdentifiable(hub, gateway: gateway))
        let bareHAP = try device(.iot) { $0.mdns = [.init(type: "_hap._tcp", instance: "Hub", port: 80)] }
        #expect(!Identifiability.isIdentifiable(bareHAP, gateway: gateway), "_hap without ci only suggests")
        let anonymousDisplay = try device(.speaker) {
            $0.mdns = [.init(type: "_googlecast._tcp", instance: "x", port: 8009, txt: ["ca": "231941"])]
        }
        #expect(
            !Identifiability.isIdentifiable(anonymousDisplay, gateway: gateway),
            "video out only suggests: no model, nothing determines"
        )
        let nestHub = try device(.speaker) {
            $0.mdns = [
                .init(
                    type: "_googlecast._tcp",
                    instance: "x",
                    port: 8009,
                    txt: ["md": "Google Nest Hub", "ca": "231941"]
                )
            ]
        }
        #expect(Identifiability.isIdentifiable(nestHub, gateway: gateway), "Google's own model name determines")
        let castTV = try device(.tv) {
            $0.mdns = [
                .init(type: "_googlecast._tcp", instance: "x", port: 8009, txt: ["md": "TPM191E", "ca": "264709"])
            ]
        }
        #expect(
            !Identifiability.isIdentifiable(castTV, gateway: gateway),
            "a TV maker's model number is in no table; video out only suggests"
        )
        let nestMini = try device(.speaker) {
            $0.mdns = [
                .init(type: "_googlecast._tcp", instance: "x", port: 8009, txt: ["md": "Kitchen thing", "ca": "4"])
            ]
        }
        #expect(
            Identifiability.isIdentifiable(nestMini, gateway: gateway),
            "audio out without video out determines a speaker"
        )
        let silent = try device(.tv) { $0.hostname = "amazon-1a2b3c4d5" }
        #expect(!Identifiability.isIdentifiable(silent, gateway: gateway))
        let phone = try device(.phone) { $0.hostname = "Emmas-iPhone" }
        #expect(Identifiability.isIdentifiable(phone, gateway: gateway))
    }
}
