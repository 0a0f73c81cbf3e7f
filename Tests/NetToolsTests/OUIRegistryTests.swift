import Foundation
import Testing
@testable import NetTools
import Wire

/// The MAC vendor registry: IEEE listings first, nmap's as a fallback, a notice when neither.
@Suite("MAC vendors from the IEEE registry")
struct OUIRegistryTests {
    /// A scratch directory with `files` in it.
    func directory(_ files: [String: String]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("oui-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: "\(path)/\(name)", atomically: true, encoding: .utf8) }
        return path
    }

    static let ouiCSV = """
        Registry,Assignment,Organization Name,Organization Address
        MA-L,00000C,"Cisco Systems, Inc",170 West Tasman Drive San Jose CA US 95134 
        MA-L,0050C2,IEEE Registration Authority,445 Hoes Lane Piscataway NJ US 08554 
        MA-L,70B3D5,IEEE Registration Authority,445 Hoes Lane Piscataway NJ US 08554 
        MA-L,ACDE48,Private,
        MA-L,001122,"Quoted ""Name"" Ltd","Line one
        line two"

        """

    @Test("IEEE CSV: quoting, MA-M and MA-S blocks win over their MA-L parent, Private and the RA itself are no vendor")
    func ieeeCSV() throws {
        let path = try directory([
            "oui.csv": Self.ouiCSV,
            "mam.csv":
                "Registry,Assignment,Organization Name,Organization Address\nMA-M,70B3D5A,Medium Block Co,Somewhere\n",
            "oui36.csv":
                "Registry,Assignment,Organization Name,Organization Address\nMA-S,70B3D5F2F,Small Block GmbH,\"A, B\"\n",
            "iab.csv": "Registry,Assignment,Organization Name,Organization Address\nIAB,0050C2123,Old IAB Inc,\n",
        ])
        let registry = OUIRegistry(ieeeDirectory: path, nmapPrefixes: "/nonexistent")
        #expect(registry.notice == nil)
        #expect(registry.source?.contains("oui.csv") == true && registry.source?.contains("oui36.csv") == true)
        #expect(registry.vendor(MACAddress("00:00:0c:12:34:56")!) == "Cisco Systems, Inc")
        #expect(registry.vendor(MACAddress("00:11:22:00:00:01")!) == "Quoted \"Name\" Ltd")
        #expect(registry.vendor(MACAddress("70:b3:d5:f2:f0:01")!) == "Small Block GmbH", "36-bit block")
        #expect(registry.vendor(MACAddress("70:b3:d5:a1:23:45")!) == "Medium Block Co", "28-bit block")
        #expect(registry.vendor(MACAddress("70:b3:d5:01:23:45")!) == nil, "the RA's own parent block")
        #expect(registry.vendor(MACAddress("00:50:c2:12:3f:ff")!) == "Old IAB Inc")
        #expect(registry.vendor(MACAddress("ac:de:48:00:11:22")!) == nil, "Private")
        #expect(registry.vendor(MACAddress("02:00:0c:12:34:56")!) == nil, "locally administered")
        #expect(registry.vendor(MACAddress("01:00:0c:cc:cc:cc")!) == nil, "group address")
        #expect(registry.vendor(prefix: "70B3D5A") == "Medium Block Co")
    }

    @Test("oui.txt when there is no CSV; nmap-mac-prefixes when there is no ieee-data")
    func fallbacks() throws {
        let text = try directory([
            "oui.txt":
                "OUI/MA-L\t\tOrganization\n\n00-00-0C   (hex)\t\tCisco Systems, Inc\n00000C     (base 16)\t\tCisco Systems, Inc\n\t\t\t\t170 West Tasman Drive\n"
        ])
        #expect(
            OUIRegistry(ieeeDirectory: text, nmapPrefixes: "/nonexistent").vendor(MACAddress("00:00:0c:01:02:03")!)
                == "Cisco Systems, Inc"
        )
        let nmap = try directory(["nmap-mac-prefixes": "# comment\n00000C Cisco Systems\n70B3D5F2F Small Block\n"])
        let registry = OUIRegistry(ieeeDirectory: "/nonexistent", nmapPrefixes: "\(nmap)/nmap-mac-prefixes")
        #expect(registry.notice == nil)
        #expect(registry.vendor(MACAddress("00:00:0c:01:02:03")!) == "Cisco Systems")
        #expect(registry.vendor(MACAddress("70:b3:d5:f2:f1:00")!) == "Small Block")
    }

    @Test("neither installed: no vendors and a notice naming the package, no crash")
    func missing() {
        let registry = OUIRegistry(ieeeDirectory: "/nonexistent", nmapPrefixes: "/nonexistent/nmap-mac-prefixes")
        #expect(registry.count == 0 && registry.source == nil)
        #expect(registry.notice?.contains("ieee-data") == true)
        #expect(registry.vendor(MACAddress("00:00:0c:01:02:03")!) == nil)
    }

    @Test(
        "the installed registry (ieee-data or nmap) knows the classic blocks",
        .enabled(if: OUIRegistry.shared.notice == nil)
    )
    func installed() {
        let registry = OUIRegistry.shared
        #expect(registry.count > 30_000)
        #expect(registry.vendor(MACAddress("00:00:0c:00:00:01")!)?.lowercased().contains("cisco") == true)
    }
}
