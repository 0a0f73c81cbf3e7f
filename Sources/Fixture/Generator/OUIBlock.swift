/// MAC address blocks (IEEE MA-L, 24-bit OUIs) that the generator gives a vendor's devices, with
/// the organisation the IEEE Registration Authority lists for them.
///
/// Source: the IEEE RA's public MA-L listing (https://standards-oui.ieee.org/oui/oui.csv, as
/// Debian's `ieee-data` installs it at `/usr/share/ieee-data/oui.csv`). A fixed table rather
/// than a read at generation time, so that one seed gives the same file on every machine whatever
/// version of the registry it has; `OUIBlockTests` checks every prefix against the installed
/// registry. The prefixes were taken spread over each organisation's assignments and differ from
/// those the hand-written fixtures (`home`, `tiny`, `office`) use, except Synology's: it has only
/// the two blocks, and both are in use there.
struct OUIBlock: Sendable {
    /// The organisation as the IEEE lists it, or the part of its name that all of `prefixes`
    /// share (`Roku, Inc` covers both `Roku, Inc.` and `Roku, Inc`); matched case-insensitively.
    let registrant: String
    /// Three-byte prefixes, lower-case `aa:bb:cc`.
    let prefixes: [String]

    init(_ registrant: String, _ prefixes: [String]) {
        self.registrant = registrant
        self.prefixes = prefixes
    }

    /// The prefix as bytes.
    static func bytes(_ prefix: String) -> [UInt8] {
        prefix.split(separator: ":").map { UInt8($0, radix: 16)! }
    }

    // Phones, tablets, computers and their Wi-Fi modules (IEEE MA-L)
    static let apple = OUIBlock("Apple, Inc.", ["38:b5:4d", "7c:04:d0", "b8:c7:5d"])
    static let samsung = OUIBlock("Samsung Electronics Co.,Ltd", ["30:cd:a7", "78:f2:38", "bc:45:5b"])
    static let google = OUIBlock("Google, Inc.", ["38:86:f7", "88:54:1f", "cc:f4:11"])
    static let amazon = OUIBlock("Amazon Technologies Inc.", ["34:d2:70", "74:c2:46", "b4:e4:54"])
    static let motorola = OUIBlock("Motorola Mobility LLC, a Lenovo Company", ["40:78:6a", "90:73:5a", "d0:77:14"])
    static let oneplus = OUIBlock("OnePlus Technology (Shenzhen) Co., Ltd", ["2c:a7:ef", "8c:64:a2", "ac:5f:ea"])
    static let xiaomi = OUIBlock("Xiaomi Communications Co Ltd", ["3c:13:5a", "7c:1d:d9", "bc:61:93"])
    static let dell = OUIBlock("Dell Inc.", ["14:b3:1f", "64:00:6a", "b8:cb:29"])
    static let hpInc = OUIBlock("HP Inc.", ["38:ca:84", "84:2a:fd", "bc:e9:2f"])
    static let hewlettPackard = OUIBlock("Hewlett Packard", ["40:b0:34", "a0:b3:cc"])
    static let lenovoLCFC = OUIBlock(
        "LCFC(HeFei) Electronics Technology co., ltd",
        ["50:7b:9d", "84:a9:38", "98:fa:9b"]
    )
    static let asus = OUIBlock("ASUSTek COMPUTER INC.", ["04:d4:c4", "38:2c:4a", "9c:5c:8e"])
    static let microsoft = OUIBlock("Microsoft Corporation", ["20:62:74", "74:e2:8c", "c4:61:c7"])
    static let intel = OUIBlock("Intel Corporate", ["34:02:86", "74:3a:f4", "b8:08:cf"])
    static let azureWave = OUIBlock("AzureWave Technology Inc.", ["2c:dc:d7", "6c:ad:f8", "ac:89:95"])
    static let liteOn = OUIBlock("Liteon Technology Corporation", ["3c:95:09", "74:de:2b", "c8:ff:28"])
    static let honHai = OUIBlock("Hon Hai Precision Ind. Co.,Ltd.", ["1c:66:6d", "70:77:81", "b0:10:41"])
    static let raspberryPi = OUIBlock("Raspberry Pi", ["28:cd:c1", "b8:27:eb", "e4:5f:01"])

    // TVs, speakers, consoles (IEEE MA-L)
    static let sonos = OUIBlock("Sonos, Inc.", ["38:42:0b", "78:28:ca", "b8:e9:37"])
    static let roku = OUIBlock("Roku, Inc", ["84:ea:ed", "b0:a7:37", "c8:3a:6b"])
    static let lg = OUIBlock("LG Electronics", ["30:b4:b8", "6c:d0:32", "ac:5a:f0"])
    static let sony = OUIBlock("Sony Corporation", ["38:78:62", "84:8e:df"])
    static let sonyInteractive = OUIBlock("Sony Interactive Entertainment Inc.", ["00:24:8d", "5c:84:3c", "a8:e3:ee"])
    static let vizio = OUIBlock("Vizio, Inc", ["3c:9b:d6", "c4:1c:ff"])
    static let tcl = OUIBlock("TCL", ["34:51:80", "3c:59:1e", "5c:36:b8"])
    static let nintendo = OUIBlock("Nintendo Co.", ["00:23:cc", "5c:0c:e6", "a4:5c:27"])
    static let bose = OUIBlock("Bose Corporation", ["08:df:1f", "4c:87:5d", "78:2b:64"])

    // Smart home and cameras (IEEE MA-L)
    static let espressif = OUIBlock("Espressif Inc.", ["08:3a:8d", "40:f5:20", "84:f3:eb", "c0:49:ef"])
    static let tuya = OUIBlock("Tuya Smart Inc.", ["10:5a:17", "1c:90:ff", "70:89:76", "a0:92:08"])
    static let signify = OUIBlock("Philips Lighting BV", ["00:17:88"])
    static let iRobot = OUIBlock("iRobot Corporation", ["4c:b9:ea", "50:14:79"])
    static let ecobee = OUIBlock("ecobee inc", ["44:61:32"])
    static let nest = OUIBlock("Nest Labs Inc.", ["18:b4:30", "64:16:66"])
    static let ring = OUIBlock("Ring LLC", ["34:3e:a4", "54:e0:19", "5c:47:5e", "90:48:6c"])
    static let wyze = OUIBlock("Wyze Labs Inc", ["2c:aa:8e", "7c:78:b2", "d0:3f:27"])
    static let hikvision = OUIBlock(
        "Hangzhou Hikvision Digital Technology Co.,Ltd.",
        ["44:19:b6", "8c:e7:48", "bc:9b:5e"]
    )
    static let dahua = OUIBlock("Zhejiang Dahua Technology Co., Ltd.", ["4c:11:bf", "9c:14:63", "d4:43:0e"])
    static let reolink = OUIBlock("Reolink Innovation Limited", ["ec:71:db"])
    static let axis = OUIBlock("Axis Communications AB", ["ac:cc:8e", "b8:a4:4f"])
    static let arlo = OUIBlock("Arlo Technology", ["a4:11:62", "fc:9c:98"])
    static let belkin = OUIBlock("Belkin International Inc.", ["24:f5:a2", "80:69:1a", "c0:56:27"])

    // Network equipment (IEEE MA-L)
    static let tpLink = OUIBlock("TP-LINK TECHNOLOGIES CO.,LTD.", ["3c:06:a7", "80:89:17", "c4:6e:1f"])
    static let netgear = OUIBlock("NETGEAR", ["10:da:43", "50:6a:03", "a4:2b:8c"])
    static let eero = OUIBlock("eero inc.", ["40:47:5e", "74:b6:b6", "c0:36:53"])
    static let ubiquiti = OUIBlock("Ubiquiti Networks Inc.", ["44:d9:e7", "78:45:58", "dc:9f:db"])
    static let meraki = OUIBlock("Cisco Meraki", ["38:84:79", "98:18:88", "c4:8b:a3"])
    static let aruba = OUIBlock("Aruba, a Hewlett Packard Enterprise Company", ["38:10:f0", "88:3a:30", "cc:88:c7"])
    static let fortinet = OUIBlock("Fortinet, Inc.", ["08:5b:0e", "94:f3:92", "d4:76:a0"])
    static let arris = OUIBlock("ARRIS Group, Inc.", ["00:23:95", "44:6a:b7", "a0:e7:ae"])
    static let cisco = OUIBlock("Cisco Systems, Inc", ["00:1d:e6", "7c:31:0e"])

    // Storage, printers, desk phones (IEEE MA-L)
    static let synology = OUIBlock("Synology Incorporated", ["00:11:32", "90:09:d0"])
    static let qnap = OUIBlock("QNAP Systems, Inc.", ["24:5e:be", "e8:43:b6"])
    static let westernDigital = OUIBlock("WESTERN DIGITAL", ["00:14:ee", "00:90:a9"])
    static let brother = OUIBlock("Brother", ["30:05:5c", "3c:2a:f4", "b4:22:00"])
    static let canon = OUIBlock("CANON INC.", ["34:9f:7b", "74:38:b7", "d8:49:2f"])
    static let epson = OUIBlock("Seiko Epson Corporation", ["44:d2:44", "a4:d7:3c", "dc:cd:2f"])
    static let lexmark = OUIBlock("LEXMARK INTERNATIONAL, INC.", ["00:21:b7", "00:84:ed"])
    static let yealink = OUIBlock("YEALINK", ["00:15:65", "24:9a:d8", "80:5e:0c"])
    static let grandstream = OUIBlock("Grandstream Networks", ["c0:74:ad", "ec:74:d7"])
}
