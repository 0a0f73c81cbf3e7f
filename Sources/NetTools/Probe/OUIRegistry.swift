import Foundation
import Wire

/// MAC address → the organisation its block is assigned to, read at run time from the IEEE
/// Registration Authority's public listings as the system installs them — no table of our own,
/// so a vendor is known on any LAN exactly when the registry knows it.
///
/// | source (the first one present wins) | files read | blocks |
/// |---|---|---|
/// | Debian package `ieee-data`: the IEEE RA's listings (https://standards-oui.ieee.org) | `/usr/share/ieee-data/oui.csv` (else `oui.txt`), plus `mam.csv`, `oui36.csv`, `iab.csv` when present | MA-L 24-bit; MA-M 28-bit; MA-S and IAB 36-bit |
/// | nmap's `nmap-mac-prefixes` (Debian package `nmap`; generated from the same IEEE listings) | `/usr/share/nmap/nmap-mac-prefixes` | the 6-, 7- or 9-digit prefixes it lists |
/// | neither | — | no vendors; `notice` names the package to install |
///
/// - Lookup: the longest assigned prefix wins (36, then 28, then 24 bits): MA-M and MA-S blocks
///   are carved out of MA-L blocks that the IEEE lists under its own name.
/// - No vendor for a locally administered address (IEEE 802 U/L bit, 0x02 of the first octet:
///   randomised "private" Wi-Fi addresses), a group (multicast) address, or a block listed as
///   "Private" or as the IEEE Registration Authority itself.
/// - Loaded once, on first use (`shared`): about 46,000 rows, parsed from bytes.
public final class OUIRegistry: Sendable {
    /// The system's registry, loaded on first use (Swift initialises a static `let` once, thread-safely).
    public static let shared = OUIRegistry()

    /// Where Debian's `ieee-data` and `nmap` put their listings.
    public static let ieeeDirectory = "/usr/share/ieee-data"
    public static let nmapPrefixesFile = "/usr/share/nmap/nmap-mac-prefixes"

    /// What was read (`ieee-data: /usr/share/ieee-data/oui.csv, …`), nil when nothing was.
    public let source: String?
    /// Set when no registry could be read: what to install. The lookups then return nil.
    public let notice: String?
    /// Assigned blocks known, all sizes.
    public var count: Int { blocks24.count + blocks28.count + blocks36.count }

    private let blocks24: [UInt64: String]
    private let blocks28: [UInt64: String]
    private let blocks36: [UInt64: String]

    /// Reads the IEEE listings under `ieeeDirectory`, else nmap's `nmapPrefixes`.
    public init(ieeeDirectory: String = OUIRegistry.ieeeDirectory, nmapPrefixes: String = OUIRegistry.nmapPrefixesFile)
    {
        var table = Table()
        var read: [String] = []
        let csv = ["oui.csv", "mam.csv", "oui36.csv", "iab.csv"].map { "\(ieeeDirectory)/\($0)" }
        if let bytes = Self.bytes(csv[0]) {
            Self.parseCSV(bytes, into: &table)
            read.append(csv[0])
        } else if let bytes = Self.bytes("\(ieeeDirectory)/oui.txt") {
            Self.parseOUIText(bytes, into: &table)
            read.append("\(ieeeDirectory)/oui.txt")
        }
        if !read.isEmpty {
            for path in csv.dropFirst() {
                guard let bytes = Self.bytes(path) else { continue }
                Self.parseCSV(bytes, into: &table)
                read.append(path)
            }
        } else if let bytes = Self.bytes(nmapPrefixes) {
            Self.parseNmap(bytes, into: &table)
            read.append(nmapPrefixes)
        }
        blocks24 = table.blocks[6] ?? [:]
        blocks28 = table.blocks[7] ?? [:]
        blocks36 = table.blocks[9] ?? [:]
        if read.isEmpty || table.blocks.values.allSatisfy(\.isEmpty) {
            source = nil
            notice = """
                no MAC vendor registry: neither \(ieeeDirectory)/oui.csv (Debian package ieee-data) nor \(nmapPrefixes) \
                (package nmap) could be read, so devices get no vendor; install one: apt-get install ieee-data
                """
        } else {
            source = read.joined(separator: ", ")
            notice = nil
        }
    }

    /// The organisation `mac`'s block is assigned to; nil when the registry does not list it, the
    /// address is locally administered or multicast, or no registry is installed.
    public func vendor(_ mac: MACAddress) -> String? {
        let octets = mac.array
        guard octets[0] & 0x03 == 0 else { return nil }
        let value = octets.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return blocks36[value >> 12] ?? blocks28[value >> 20] ?? blocks24[value >> 24]
    }

    /// The organisation assigned a prefix written as 6, 7 or 9 hex digits (`00000C`, `70B3D5F2F`).
    public func vendor(prefix: String) -> String? {
        guard let value = UInt64(prefix, radix: 16) else { return nil }
        switch prefix.count {
        case 6: return blocks24[value]
        case 7: return blocks28[value]
        case 9: return blocks36[value]
        default: return nil
        }
    }

    // MARK: Parsing

    /// Blocks by prefix length in hex digits (6, 7, 9).
    struct Table {
        var blocks: [Int: [UInt64: String]] = [:]

        mutating func add(_ hex: ArraySlice<UInt8>, _ organisation: String) {
            let name = organisation.trimmingCharacters(in: .whitespaces)
            guard [6, 7, 9].contains(hex.count), !name.isEmpty, !OUIRegistry.unassigned.contains(name.lowercased()),
                let value = UInt64(String(decoding: hex, as: UTF8.self), radix: 16)
            else { return }
            if blocks[hex.count]?[value] == nil { blocks[hex.count, default: [:]][value] = name }
        }
    }

    /// Organisation names that say nothing about the device: hidden owners, and the parent
    /// blocks the IEEE RA keeps under its own name for MA-M / MA-S assignments.
    static let unassigned: Set<String> = ["private", "ieee registration authority"]

    static func bytes(_ path: String) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return nil }
        return [UInt8](data)
    }

    /// The IEEE CSV listings: `Registry,Assignment,Organization Name,Organization Address`,
    /// RFC 4180 quoting (`"Apple, Inc."`, `""` for a quote, quoted fields may hold newlines).
    static func parseCSV(_ bytes: [UInt8], into table: inout Table) {
        var fields: [ArraySlice<UInt8>] = []
        var field: [UInt8] = []
        var quoted = false
        var index = 0
        var firstRow = true
        func endField() { fields.append(field[...]); field.removeAll(keepingCapacity: true) }
        func endRow() {
            endField()
            if !firstRow, fields.count >= 3 { table.add(fields[1], String(decoding: fields[2], as: UTF8.self)) }
            firstRow = false
            fields.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if quoted {
                if byte == 0x22 {
                    if index < bytes.count, bytes[index] == 0x22 {
                        field.append(0x22); index += 1
                    } else {
                        quoted = false
                    }
                } else if fields.count < 3 {
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case 0x22: quoted = true
            case 0x2C: endField()
            case 0x0A: endRow()
            case 0x0D: break
            default: if fields.count < 3 { field.append(byte) }
            }
        }
        if !field.isEmpty || !fields.isEmpty { endRow() }
    }

    /// The IEEE text listing: `3C22FB     (base 16)\t\tApple, Inc.` lines.
    static func parseOUIText(_ bytes: [UInt8], into table: inout Table) {
        let marker = Array("(base 16)".utf8)
        for line in bytes.split(separator: 0x0A) {
            guard let start = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
            let hexEnd = line[start...].firstIndex(where: { $0 == 0x20 || $0 == 0x09 }) ?? line.endIndex
            let rest = line[hexEnd...].drop { $0 == 0x20 || $0 == 0x09 }
            guard rest.starts(with: marker) else { continue }
            let name = rest.dropFirst(marker.count).drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            table.add(line[start..<hexEnd], String(decoding: name.filter { $0 != 0x0D }, as: UTF8.self))
        }
    }

    /// nmap's listing: `3C22FB Apple` lines, `#` comments.
    static func parseNmap(_ bytes: [UInt8], into table: inout Table) {
        for line in bytes.split(separator: 0x0A) where line.first != 0x23 {
            guard let space = line.firstIndex(of: 0x20) else { continue }
            table.add(
                line[line.startIndex..<space],
                String(decoding: line[(space + 1)...].filter { $0 != 0x0D }, as: UTF8.self)
            )
        }
    }
}
