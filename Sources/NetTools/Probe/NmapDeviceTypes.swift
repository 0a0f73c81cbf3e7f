import Identity
import Foundation

/// What kind of device a vendor makes, read at run time from nmap's OS fingerprint database
/// (`/usr/share/nmap/nmap-os-db`, Debian package `nmap`) — knowledge from a public source, not
/// from us. Every reference fingerprint there carries `Class vendor | OS family | OS gen | device
/// type` lines (https://nmap.org/book/osdetect-fingerprint-format.html); counting a vendor's
/// fingerprints by device type says what that vendor's networked products mostly are.
///
/// nmap's device types (https://nmap.org/book/osdetect-device-types.html, the definitions
/// quoted in brief) map to our categories:
///
/// | nmap device type | category | why |
/// |---|---|---|
/// | general purpose | computer | "general-purpose operating systems like Linux and Windows" |
/// | printer, print server | printer | "network-enabled printers"; a print server "connects a printer to a network" |
/// | webcam | camera | takes pictures "and makes them available over a network", consumer webcams to DVRs and security systems |
/// | storage-misc | storage | "storing data and making it accessible to clients over the network … NAS" |
/// | game console | gaming | "a video game console like the Xbox or PlayStation" |
/// | phone, VoIP phone | phone | telephones: mobile phones, and VoIP service "that includes phone hardware" |
/// | PDA | tablet | "a handheld computer"; nmap puts the ones that are also telephones under phone |
/// | router, broadband router, WAP, switch, bridge, hub, firewall | router | devices that join, route or guard networks: our `router` is the LAN's network gear |
/// | media device | tv | "audiovisual equipment … TVs, and projectors", "watching media"; it also holds home audio, so a speaker maker's fingerprints count as tv |
/// | specialized, power-device | iot | the catch-all for embedded appliances ("weather and climate monitors" …) and UPSs: none of ours but iot |
/// | load balancer, proxy server, security-misc, remote management, terminal, terminal server, PBX, telecom-misc, VoIP adapter, VoIP gateway | none | data-centre and telephony infrastructure none of our categories describes |
///
/// Counting: a fingerprint counts once per vendor it names; when its `Class` lines for that
/// vendor give k different categories (a "WAP or router" fingerprint gives one), each gets 1/k.
/// A vendor's share of a category is that count over all its fingerprints, "none" included.
///
/// | verdict | condition | used by |
/// |---|---|---|
/// | `supermajority` | the leading category has ≥ 80 % of at least 5 fingerprints | `DeviceClassifier` rule 5 |
/// | `plurality` | the leading category has ≥ 50 % and more than any other | rule 9, only when nothing else decided |
///
/// Five, not three: fewer fingerprints are usually one product line (nmap's three Intel
/// fingerprints are all Express switches, Espressif's four all ESP8266 firmware), too few to
/// speak for everything in the vendor's MAC blocks.
///
/// Matching an IEEE organisation ("Seiko Epson Corporation") to nmap's vendor ("Epson") is by
/// whole words, the longest nmap name that occurs in it winning (then the one with more
/// fingerprints): "Sony Ericsson" before "Sony". nmap names vendors by their short names, so
/// some IEEE names contain none: `aliases` ties those where the IEEE listing names the same
/// company under another name — found by listing every nmap vendor that decides but matches no
/// IEEE organisation, not from any fixture. Vendors left unmatched (OS projects such as OpenBSD
/// or lwIP, which own no MAC block; Aerohive, Foundry, Symbol, Netopia, IronPort, whose blocks
/// the IEEE lists under their acquirers' names) simply decide nothing. Short common words among
/// nmap's names ("Sun", "Free", "Orange") can match an unrelated organisation; the 80 % of 5 rule
/// bounds what such a match can decide early.
///
/// Loaded once, on first use (`shared`); without the file nothing is decided by vendor and
/// `notice` names the package.
public final class NmapDeviceTypes: Sendable {
    /// The installed database, loaded on first use (a static `let` is initialised once, thread-safely).
    public static let shared = NmapDeviceTypes()

    public static let defaultPath = "/usr/share/nmap/nmap-os-db"

    /// nmap device type → category (`IdentityVocabulary.nmapDeviceTypes`); types not listed map to none.
    static let categories: [String: DeviceClassifier.Category] = Dictionary(
        IdentityVocabulary.nmapDeviceTypes.entries.compactMap { entry in
            DeviceClassifier.Category(rawValue: entry.category).map { (entry.literal, $0) }
        },
        uniquingKeysWith: { first, _ in first }
    )

    /// IEEE organisation words → nmap vendor, for companies the two registries spell differently
    /// (`IdentityVocabulary.nmapVendorNames`).
    static let aliases: [(ieee: String, nmap: String)] = IdentityVocabulary.nmapVendorNames.entries.map {
        ($0.category, $0.literal)
    }

    /// The thresholds of the two verdicts (table above).
    public static let supermajorityShare = 0.8
    public static let supermajorityFingerprints = 5
    public static let pluralityShare = 0.5

    /// What nmap's fingerprints say about one vendor.
    public struct Profile: Sendable, Equatable {
        /// nmap's spelling (the first one seen: the file has both "TP-LINK" and "TP-Link").
        public var vendor: String
        /// Fingerprints naming the vendor.
        public var fingerprints: Int
        /// The leading category and its (possibly fractional) fingerprint count; nil when every
        /// fingerprint maps to none.
        public var leading: DeviceClassifier.Category?
        public var leadingCount: Double
        /// The next category's count (0 when there is none).
        public var runnerUpCount: Double

        /// The leading category's share of all the vendor's fingerprints.
        public var share: Double { fingerprints > 0 ? leadingCount / Double(fingerprints) : 0 }

        /// "nmap-os-db Brother: printer in 66 of 66 fingerprints".
        public var evidence: String {
            let count =
                leadingCount.rounded() == leadingCount
                ? String(Int(leadingCount)) : String(format: "%.1f", leadingCount)
            return "nmap-os-db \(vendor): \(leading?.rawValue ?? "none") in \(count) of \(fingerprints) fingerprints"
        }
    }

    /// How strongly a vendor must lean to one category.
    public enum Strength: Sendable { case supermajority, plurality }

    /// What was read, nil when nothing was.
    public let source: String?
    /// Set when the database could not be read: what to install. Vendors then decide nothing.
    public let notice: String?
    /// Vendors known.
    public var count: Int { profiles.count }

    /// Profiles by the vendor's padded lower-case words (" tp link ").
    private let profiles: [String: Profile]

    public init(path: String = NmapDeviceTypes.defaultPath) {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else {
            profiles = [:]
            source = nil
            notice = """
                \(path) is missing (Debian package nmap): MAC vendors decide no category; install it: apt-get install nmap
                """
            return
        }
        profiles = Self.parse([UInt8](data))
        source = path
        notice = profiles.isEmpty ? "\(path) has no Class lines: MAC vendors decide no category" : nil
    }

    /// A database of the given profiles (tests).
    init(profiles: [Profile]) {
        self.profiles = Dictionary(
            profiles.map { (DeviceClassifier.words($0.vendor), $0) },
            uniquingKeysWith: { first, _ in first }
        )
        source = nil
        notice = nil
    }

    /// The nmap vendor `organisation` names (an IEEE organisation or a UPnP manufacturer), by
    /// whole words or an alias; nil when none does.
    public func profile(_ organisation: String) -> Profile? {
        let name = DeviceClassifier.words(organisation)
        var best: (length: Int, profile: Profile)?
        func consider(_ key: String, _ profile: Profile) {
            guard name.contains(key) else { return }
            if let current = best, (current.length, current.profile.fingerprints) >= (key.count, profile.fingerprints) {
                return
            }
            best = (key.count, profile)
        }
        for (key, profile) in profiles { consider(key, profile) }
        for alias in Self.aliases {
            if let profile = profiles[DeviceClassifier.words(alias.nmap)] {
                consider(DeviceClassifier.words(alias.ieee), profile)
            }
        }
        return best?.profile
    }

    /// The category `organisation`'s vendor leans to with `strength`, and the profile that says so.
    public func category(_ organisation: String, _ strength: Strength) -> (DeviceClassifier.Category, Profile)? {
        guard let profile = profile(organisation), let leading = profile.leading else { return nil }
        switch strength {
        case .supermajority:
            guard profile.fingerprints >= Self.supermajorityFingerprints, profile.share >= Self.supermajorityShare
            else { return nil }
        case .plurality:
            guard profile.share >= Self.pluralityShare, profile.leadingCount > profile.runnerUpCount else { return nil }
        }
        return (leading, profile)
    }

    // MARK: Parsing

    /// Profiles from the database's `Fingerprint` and `Class` lines (nmap-os-db format:
    /// https://nmap.org/book/osdetect-fingerprint-format.html); everything else is skipped.
    static func parse(_ bytes: [UInt8]) -> [String: Profile] {
        var spelling: [String: String] = [:]
        var totals: [String: Int] = [:]
        var counts: [String: [DeviceClassifier.Category?: Double]] = [:]
        var current: [String: Set<DeviceClassifier.Category?>] = [:]
        func endFingerprint() {
            for (vendor, categories) in current {
                totals[vendor, default: 0] += 1
                for category in categories {
                    counts[vendor, default: [:]][category, default: 0] += 1 / Double(categories.count)
                }
            }
            current.removeAll(keepingCapacity: true)
        }
        let fingerprint = Array("Fingerprint ".utf8), classLine = Array("Class ".utf8)
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
            if line.starts(with: fingerprint) {
                endFingerprint()
            } else if line.starts(with: classLine) {
                let fields = String(decoding: line.dropFirst(classLine.count), as: UTF8.self)
                    .split(separator: "|", omittingEmptySubsequences: false).map {
                        $0.trimmingCharacters(in: .whitespacesAndNewlines)
                    }
                guard fields.count >= 4, !fields[0].isEmpty else { continue }
                let key = DeviceClassifier.words(fields[0])
                if spelling[key] == nil { spelling[key] = fields[0] }
                current[key, default: []].insert(categories[fields[fields.count - 1]])
            }
        }
        endFingerprint()
        var profiles: [String: Profile] = [:]
        for (key, total) in totals {
            let ranked = (counts[key] ?? [:]).compactMap { entry in entry.key.map { ($0, entry.value) } }
                .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.rawValue < $1.0.rawValue }
            profiles[key] = Profile(
                vendor: spelling[key] ?? key,
                fingerprints: total,
                leading: ranked.first?.0,
                leadingCount: ranked.first?.1 ?? 0,
                runnerUpCount: ranked.dropFirst().first?.1 ?? 0
            )
        }
        return profiles
    }
}
