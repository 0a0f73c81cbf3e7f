import Fixture
import Foundation
import Identity
import Platform
import Results
import TestbedPlatform
import Wire

/// nmap's OS and service detection (`-O -sV`) as a category-guessing peer: its device types
/// mapped to our categories and scored with the probe's `CategoryScore`, so that the two compare.
///
/// Mapping (`IdentityVocabulary.nmapDeviceTypes`, the table `NmapDeviceTypes` documents): nmap's
/// device types are those of "Device and OS classification" in Nmap Network Scanning ch. 8
/// (https://nmap.org/book/osdetect-fingerprint-format.html). Per host, in order:
///
/// | source | field | why first |
/// |---|---|---|
/// | OS detection | the first `osclass type` of the best `osmatch` (nmap lists them by accuracy) | nmap's own verdict of what the device is |
/// | version detection | the most frequent `service devicetype` (nmap-service-probes `d/…/`) | when the OS guess maps to none |
///
/// A type mapping to none (load balancer, terminal …), or nothing at all, is unknown.
///
/// On the testbed every device is a Linux network namespace (docs/TESTBED.md). A fixture's
/// `ip_stack` gives a device its OS family's TTL, TCP options, MSS and SYN/ACK window
/// (docs/FIXTURES.md), but the option order, IP ID sequence, DF bit and ICMP replies stay
/// Linux's, so nmap may still read a Windows or lwIP device as some Linux: the guess is nmap's
/// honest answer to a model. Each guess's evidence ends with the reply TTL nmap recorded.
struct NmapOSPeer: Sendable {
    var truth: GroundTruth
    var fixture: String

    static let tool = "nmap -O -sV"

    /// `-T4`, one OS try and `--version-light` (the service probes of rarity ≤ 2) bound the work
    /// without dropping hosts. A host timeout would drop hosts from the output (nothing guessed),
    /// so there is none, and the peer, which takes minutes, is opt-in (`--peer-os`; figures in
    /// docs/HARNESS.md). Targets are what `nmap -sn` found (the hosts nmap itself finds), never
    /// anything outside the fixture's subnet.
    static func command(targets: [String]) -> [String] {
        ["nmap", "-O", "-sV", "--version-light", "-n", "-Pn", "-T4", "--max-os-tries", "1", "-oX", "-"] + targets
    }

    func run(targets: [String], repetition: Int) -> PeerResult {
        let discoverable = truth.devices.filter { Discoverability.isDiscoverable($0.device) }.count
        let started = MonotonicClock.now()
        // nmap -sn lists the scanner's own address too; fingerprinting itself is no peer's work.
        let inSubnet = targets.filter { address in
            IPv4Address(address).map { truth.subnet.contains($0) && $0 != truth.scanner.ip } ?? false
        }
        let output: Result<String, PeerRunner.NotMeasured> =
            inSubnet.isEmpty
            ? .failure(.init(reason: "nmap -sn found no host to fingerprint"))
            : PeerRunner.output(
                of: NetworkNamespace(truth.scanner.namespace).command(Self.command(targets: inSubnet)),
                timeout: 1_800
            )
        let guesses = (try? output.get()).map(Self.guesses(inXML:))
        let devices = Set(truth.devices.map { $0.device.ip.description })
        var result = PeerResult(
            fixture: fixture,
            tool: Self.tool,
            repetition: repetition,
            found: guesses.map { Set($0.map(\.ip)).intersection(devices).count },
            discoverable: discoverable,
            durationS: MonotonicClock.seconds(since: started)
        )
        result.notMeasured = PeerRunner.reason(output)
        if let guesses {
            result.categoryGuesses = guesses
            result.categories = CategoryScore(
                guesses: Dictionary(guesses.map { ($0.ip, $0.category) }, uniquingKeysWith: { first, _ in first }),
                ground: truth
            )
        }
        return result
    }

    /// nmap device type → our category (types not listed map to none).
    static let categories: [String: String] = Dictionary(
        IdentityVocabulary.nmapDeviceTypes.entries.map { ($0.literal, $0.category) },
        uniquingKeysWith: { first, _ in first }
    )

    /// One guess per IPv4 host in nmap's XML output (`-oX`), in its order.
    static func guesses(inXML xml: String) -> [PeerCategoryGuess] {
        hostElements(in: xml).compactMap { host in
            guard var guess = guess(host: host) else { return nil }
            if let ttl = replyTTL(host: host) {
                guess.evidence = (guess.evidence.map { $0 + "; " } ?? "") + "reply TTL \(ttl)"
            }
            return guess
        }
    }

    /// The text of each `<host>` element, from its opening tag to `</host>`: the opening tag is
    /// "<host " or "<host>", never "<hosthint>" or "<hostnames>" (which every real host has
    /// before its ports and OS guesses, so splitting at "<host" lost them).
    static func hostElements(in xml: String) -> [String] {
        xml.components(separatedBy: "</host>").compactMap { chunk in
            let starts = ["<host ", "<host>"].compactMap { chunk.range(of: $0, options: .backwards)?.lowerBound }
            return starts.max().map { String(chunk[$0...]) }
        }
    }

    /// The TTL of the first port reply nmap recorded for the host (`reason_ttl`; 0 is nmap's
    /// "none"): the first thing an OS fingerprint reads, kept so a reader sees what nmap saw.
    static func replyTTL(host: String) -> Int? {
        firstTag("state", in: host, where: { ($0["reason_ttl"].flatMap(Int.init) ?? 0) > 0 })?["reason_ttl"].flatMap(
            Int.init
        )
    }

    /// The guess for one `<host>` element's text.
    private static func guess(host: String) -> PeerCategoryGuess? {
        guard let ip = firstTag("address", in: host, where: { $0["addrtype"] == "ipv4" })?["addr"] else { return nil }
        let os = host.components(separatedBy: "<osmatch ").dropFirst().first
        if let os, let osclass = firstTag("osclass", in: os), let type = osclass["type"],
            let category = categories[type]
        {
            let detail = [osclass["vendor"], osclass["osgen"]].compactMap { $0 }.joined(separator: " ")
            return PeerCategoryGuess(
                ip: ip,
                category: category,
                evidence: "osclass \(type) (\(detail), \(osclass["accuracy"] ?? "?") %)"
            )
        }
        let types = tags("service", in: host).compactMap { $0["devicetype"] }
        let counts = Dictionary(types.map { ($0, 1) }, uniquingKeysWith: +)
        if let type = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key, let category = categories[type]
        {
            return PeerCategoryGuess(ip: ip, category: category, evidence: "service devicetype \(type)")
        }
        let said =
            os.flatMap { firstTag("osclass", in: $0)?["type"] }.map { "osclass \($0) maps to none" }
            ?? types.first.map { "service devicetype \($0) maps to none" }
        return PeerCategoryGuess(ip: ip, category: nil, evidence: said)
    }

    /// The attributes of every `<name …>` tag in `text`.
    static func tags(_ name: String, in text: String) -> [[String: String]] {
        text.components(separatedBy: "<\(name) ").dropFirst().map { tag in
            attributes(String(tag.prefix { $0 != ">" }))
        }
    }

    static func firstTag(
        _ name: String,
        in text: String,
        where accept: ([String: String]) -> Bool = { _ in true }
    ) -> [String: String]? {
        tags(name, in: text).first(where: accept)
    }

    /// `key="value"` pairs, XML entities of the five predefined kinds decoded.
    static func attributes(_ tag: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(tag)
        while let equals = rest.range(of: "=\"") {
            let key = rest[..<equals.lowerBound].split(separator: " ").last.map(String.init) ?? ""
            let afterQuote = rest[equals.upperBound...]
            guard let close = afterQuote.firstIndex(of: "\"") else { break }
            result[key] = decode(String(afterQuote[..<close]))
            rest = afterQuote[afterQuote.index(after: close)...]
        }
        return result
    }

    static func decode(_ value: String) -> String {
        value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
