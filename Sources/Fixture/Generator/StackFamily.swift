/// The OS family of a catalog kind's TCP/IP stack, as an OS fingerprint sees it, and the
/// `ip_stack` the generator gives its devices. Values are from nmap-os-db (nmap 7.93, r38353,
/// 2022-02-18: the entry named with each case); the testbed plays them on a Linux kernel, so
/// only the TTL, TCP options present, MSS, window and ECN follow the entry — a model (see
/// docs/FIXTURES.md, "IP stack"). Not tuned to what nmap answers.
enum StackFamily: Sendable {
    /// Linux and Android (and the embedded Linux of routers, TVs, NAS, speakers): the testbed's
    /// own kernel, so no keys (nmap-os-db "Linux 2.6.32 - 5.x": TTL 64, M5B4ST11NW7, ECN).
    case linux
    /// iOS, iPadOS, macOS, tvOS. nmap-os-db "Apple macOS 10.13 - 10.15 or iOS 11.0 - 13.4": TTL 64
    /// (TG=40), MSS 1460, SACK, timestamps, WS 6, window 65535, ECN either way. What the Linux
    /// model can set of it is Linux's own default, and WS 6 and the trailing EOL are out of its
    /// reach, so it is written as Linux: an Apple device reads as Linux on the testbed.
    case apple
    /// Windows 10/11 and Xbox One. nmap-os-db "Microsoft Windows 10" and "Windows Server 2008 SP2
    /// or Windows 10 or Xbox One": TTL 128 (TG=80), O1=M5B4NW8ST11 (MSS 1460, WS 8, SACK,
    /// timestamps), W1=2000 (8192), ECN CC=N. 8192 is no whole number of 1448-byte segments;
    /// 6 (8688) is the nearest — an assumption.
    case windows
    /// lwIP on an ESP8266 (Tuya's TYWE modules are ESP8266s). nmap-os-db "Espressif esp8266
    /// firmware (lwIP stack)": TTL 128 (TG=80), O1=M5B4 (MSS only), W1=16D0 (5840 = 4 × 1460),
    /// ECN CC=N.
    case lwIP
    /// The embedded stack of Brother's current network printers. nmap-os-db "Brother HL-3170CDW
    /// printer" and "Brother MFC-9970CDW printer": TTL 64 (TG=40), O1=M5B4NW0NNSNNT11 (MSS 1460,
    /// WS 0, SACK, timestamps), W1=21F0 (8688 = 6 × 1448). WS 0 is below what the testbed's
    /// kernel can send (see `Fixture.IPStack.windowScaleRange`), so the shift stays the kernel's.
    case brother

    /// The fixture's `ip_stack` for a device of the family (nil: the kernel's defaults).
    var stack: Fixture.IPStack? {
        switch self {
        case .linux, .apple: nil
        case .windows:
            Fixture.IPStack(
                ttl: 128,
                tcpTimestamps: true,
                tcpSack: true,
                tcpWindowScaling: true,
                tcpWindowScale: 8,
                tcpECN: false,
                mss: 1460,
                initrwndSegments: 6
            )
        case .lwIP:
            Fixture.IPStack(
                ttl: 128,
                tcpTimestamps: false,
                tcpSack: false,
                tcpWindowScaling: false,
                tcpECN: false,
                mss: 1460,
                initrwndSegments: 4
            )
        case .brother: Fixture.IPStack(ttl: 64, mss: 1460, initrwndSegments: 6)
        }
    }
}
