import CaptureFiles
import CaptureAnalysis
import Foundation
import NetTools
import ScanKit
import TestbedPlatform
import Wire

/// Every parser that reads bytes from outside, as a fuzz target: capture files (through
/// libpcap) and each link type, DNS and mDNS, the Bonjour cache, SSDP, the deep probe's HTTP,
/// UPnP, AirPlay and Chromecast readers, WHOIS answers, and ICMP echo replies read from raw
/// sockets. `scanbench fuzz` and the unit suite run the same list.
public enum FuzzCatalogue {
    /// All targets, in the order `scanbench fuzz` runs them.
    public static var all: [FuzzTarget] {
        [pcapFile, captureFile] + linkTypes + [dns, bonjourCache, ssdp, ssdpLocation] + probeReaders + [
            whois, icmpEchoReply,
        ]
    }

    /// The target called `name`, if any.
    public static func target(named name: String) -> FuzzTarget? { all.first { $0.name == name } }

    // MARK: Captures

    /// A capture file read the way the harness reads its own: our readers (pcap or pcapng,
    /// either byte order) through `WireAnalyzer.analyze(file:)`, damage an error.
    static var pcapFile: FuzzTarget {
        let path = scratchPath("pcap")
        return FuzzTarget(
            name: "pcap-file",
            summary: "capture files through our pcap/pcapng readers and WireAnalyzer.analyze(file:)",
            seeds: FuzzSamples.captureFiles
        ) { bytes in
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
                return .failed("cannot write \(path)")
            }
            defer { unlink(path) }
            do {
                _ = try WireAnalyzer.analyze(file: path)
                return .accepted
            } catch is CaptureError {
                return .rejected
            } catch {
                return .failed("untyped error: \(error)")
            }
        }
    }

    /// A capture file read the way `scanbench analyze --process NetMonitor` reads one: pcapng
    /// through our own block reader (mixed link types, Apple process blocks, pymobiledevice3's
    /// comments), classic pcap through `PcapReader`, damage recorded.
    static var captureFile: FuzzTarget {
        let path = scratchPath("capture")
        return FuzzTarget(
            name: "capture-file",
            summary: "capture files through CaptureFile and analyze(captureFile:process:)",
            seeds: FuzzSamples.captureFiles + FuzzSamples.iPhoneCaptures + [FuzzSamples.extremeTimestamps]
        ) { bytes in
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
                return .failed("cannot write \(path)")
            }
            defer { unlink(path) }
            do {
                _ = try WireAnalyzer.analyze(captureFile: path)
                // The process filter's own path; a file without process information refuses it.
                do { _ = try WireAnalyzer.analyze(captureFile: path, process: "NetMonitor") } catch is CaptureError {}
                return .accepted
            } catch is CaptureError {
                return .rejected
            } catch {
                return .failed("untyped error: \(error)")
            }
        }
    }

    /// One frame of each link type into a fresh analyzer that has seen a SYN (so answers find
    /// an attempt), then the analysis is finished; a frame a layer cannot decode counts malformed.
    static var linkTypes: [FuzzTarget] {
        let ip = FuzzSamples.ipPackets
        let arp = FuzzSamples.arpRequest
        let types: [(String, LinkType, [[UInt8]])] = [
            ("link-ethernet", .ethernet, FuzzSamples.ethernetFrames),
            ("link-sll", .linuxCooked, ip.map { FuzzSamples.sll($0) } + [FuzzSamples.sll(arp, protocol: 0x0806)]),
            ("link-sll2", .linuxCooked2, FuzzSamples.ethernetFrames.compactMap(LinkEncapsulation.linuxCooked2)),
            ("link-raw", .raw, ip),
            ("link-null", .null, ip.map(FuzzSamples.null)),
            ("link-ieee80211", .ieee80211, FuzzSamples.wlanFrames),
            ("link-radiotap", .radiotap, FuzzSamples.radiotapFrames),
            ("link-ppi", .ppi, FuzzSamples.wlanFrames.map { WLANEncapsulation.ppi($0) }),
            (
                "link-prism", .prism,
                FuzzSamples.wlanFrames.map { WLANEncapsulation.prism($0) }
                    + FuzzSamples.wlanFrames.prefix(2).map { WLANEncapsulation.avs($0) }
            ),
            ("link-avs", .avs, FuzzSamples.wlanFrames.map { WLANEncapsulation.avs($0) }),
            (
                "link-pktap", .pktap,
                FuzzSamples.ethernetFrames.enumerated().map { i, frame in
                    let app = PacketProcess(pid: 412, name: "NetMonitor")
                    return LinkEncapsulation.pktap(
                        frame,
                        process: i.isMultiple(of: 2) ? app : PacketProcess(pid: 97, name: "mDNSResponder"),
                        effective: app,
                        outbound: true
                    )
                }
            ),
        ]
        return types.map { name, linkType, seeds in
            let opener = seeds[0]
            return FuzzTarget(
                name: name,
                summary: "\(linkType) frames through WireAnalyzer.add and finish()",
                seeds: seeds
            ) { bytes in
                var analyzer = WireAnalyzer(linkType: linkType)
                analyzer.add(timestamp: 1_000, originalLength: opener.count, bytes: opener[...])
                analyzer.add(timestamp: 2_000, originalLength: bytes.count, bytes: bytes[...])
                let analysis = analyzer.finish()
                _ = analysis.radioActivity()
                _ = analysis.wlan?.textReport()
                _ = analysis.wlan?.stations.first?.stationReport()
                return analysis.totals.malformed + analysis.totals.unsupportedLink == 0 ? .accepted : .rejected
            }
        }
    }

    // MARK: DNS, mDNS, Bonjour

    /// `DNSMessage(bytes:)`: refused only with `DNSDecodingError`; what decodes re-encodes, and
    /// the re-encoding decodes to the same message. The analyzer's check without building,
    /// `DNSMessage.isResponse(validating:)`, refuses with the same error and agrees on QR.
    static var dns: FuzzTarget {
        FuzzTarget(
            name: "dns",
            summary: "DNS and mDNS messages through DNSMessage(bytes:), a round trip, and isResponse(validating:)",
            seeds: FuzzSamples.dnsMessages
        ) { bytes in
            let checked = Result { try bytes.withUnsafeBytes { try DNSMessage.isResponse(validating: $0) } }
            let message: DNSMessage
            do {
                message = try DNSMessage(bytes: bytes)
            } catch let error as DNSDecodingError {
                guard case .failure(let other as DNSDecodingError) = checked, other == error else {
                    return .failed("DNSMessage(bytes:) refused with \(error), isResponse(validating:) gave \(checked)")
                }
                return .rejected
            } catch {
                return .failed("untyped error: \(error)")
            }
            guard case .success(message.isResponse) = checked else {
                return .failed(
                    "DNSMessage(bytes:) decoded (QR \(message.isResponse)), isResponse(validating:) gave \(checked)"
                )
            }
            guard let again = try? DNSMessage(bytes: message.encoded()), again == message else {
                return .failed("decoded, but its encoding does not decode to the same message")
            }
            return .accepted
        }
    }

    /// What the Bonjour phase does with an mDNS datagram: decode, apply to a cache browsing the
    /// sample's service type, then read known answers and each service's server and addresses.
    static var bonjourCache: FuzzTarget {
        FuzzTarget(
            name: "bonjour-cache",
            summary: "mDNS responses into ScanKit's BonjourCache",
            seeds: [FuzzSamples.mdnsResponse.encoded()]
        ) { bytes in
            guard let message = try? DNSMessage(bytes: bytes) else { return .rejected }
            var cache = BonjourCache()
            cache.browse(types: ["_ipp._tcp", "_airplay._tcp", "_googlecast._tcp"])
            let found = cache.apply(message, receivedNs: 1_000_000_000)
            _ = cache.knownAnswers(types: ["_ipp._tcp"], nowNs: 2_000_000_000)
            for service in cache.services { _ = (cache.server(of: service), cache.addresses(of: service)) }
            return found.isEmpty ? .rejected : .accepted
        }
    }

    // MARK: SSDP

    /// `SSDPMessage(decoding:)` and its header reads; the analyzer's `kind(classifying:)` gives
    /// the same kind or the same error.
    static var ssdp: FuzzTarget {
        FuzzTarget(
            name: "ssdp",
            summary: "SSDP datagrams through SSDPMessage(decoding:), its header reads, and kind(classifying:)",
            seeds: FuzzSamples.ssdpMessages
        ) { bytes in
            let classified = bytes.withUnsafeBytes { raw in
                Result { () throws(WireDecodingError) in try SSDPMessage.kind(classifying: raw) }
            }
            let decoded = Result { () throws(WireDecodingError) in try SSDPMessage(decoding: bytes[...]) }
            guard classified == decoded.map(\.kind) else {
                return .failed(
                    "SSDPMessage(decoding:) gave \(decoded.map(\.kind)), kind(classifying:) gave \(classified)"
                )
            }
            guard case .success(let message) = decoded else { return .rejected }
            _ = (message.kind, message.header("LOCATION"), message.header("ST"), message.header("USN"))
            return .accepted
        }
    }

    /// The deep probe's reading of an SSDP answer: the description URL split into address,
    /// port and path.
    static var ssdpLocation: FuzzTarget {
        FuzzTarget(
            name: "ssdp-location",
            summary: "SSDP answers through NetTools' SSDPSearch.location(in:from:)",
            seeds: [Array(FuzzSamples.ssdpResponse.utf8)]
        ) { bytes in
            SSDPSearch.location(in: bytes, from: FuzzSamples.device) == nil ? .rejected : .accepted
        }
    }

    // MARK: Deep probe (HTTP, UPnP, AirPlay, Chromecast)

    /// The deep probe's four readers of an HTTP answer, each with the answer its devices send.
    static var probeReaders: [FuzzTarget] {
        let readers: [(String, String, String, @Sendable (HTTPProbe.Head, inout DeviceSignals) -> Void)] = [
            ("http-page", "readWebPage", FuzzSamples.webPage, DeviceProber.readWebPage),
            ("http-upnp", "readUPnPDescription", FuzzSamples.upnpDescription, DeviceProber.readUPnPDescription),
            ("http-airplay", "readAirPlayInfo", FuzzSamples.airplayInfo, DeviceProber.readAirPlayInfo),
            ("http-chromecast", "readCastInfo", FuzzSamples.castInfo, DeviceProber.readCastInfo),
        ]
        return readers.map { name, reader, sample, read in
            probeText(name, "HTTP answers through HTTPProbe.parseHead and DeviceProber.\(reader)", sample, read: read)
        }
    }

    /// An HTTP answer as the probe gets it (`HTTPProbe.get` keeps only text starting with
    /// `HTTP/` or `RTSP/`), then one of the deep probe's readers.
    private static func probeText(
        _ name: String,
        _ summary: String,
        _ sample: String,
        read: @escaping @Sendable (HTTPProbe.Head, inout DeviceSignals) -> Void
    ) -> FuzzTarget {
        .text(name: name, summary: summary, seeds: [sample]) { text in
            let head = HTTPProbe.parseHead(text)
            var signals = DeviceSignals(ip: "192.168.1.60")
            read(head, &signals)
            return signals != DeviceSignals(ip: "192.168.1.60")
        }
    }

    // MARK: WHOIS, ICMP

    static var whois: FuzzTarget {
        .text(
            name: "whois",
            summary: "WHOIS answers through WhoisRecord(text:) and WhoisRecord.referral(in:)",
            seeds: FuzzSamples.whoisAnswers
        ) { text in
            let record = WhoisRecord(text: text)
            let referral = WhoisRecord.referral(in: text)
            return referral != nil || record != WhoisRecord(text: "")
        }
    }

    /// Raw ICMP socket reads (IP header included): the scan's echo replies and the ping tool's
    /// marked ones.
    static var icmpEchoReply: FuzzTarget {
        let marker = Array("SBnt".utf8) + [1, 2, 3, 4]
        let reply = FuzzSamples.ipPackets[5]
        let marked = PacketBuilder.ipv4(
            source: FuzzSamples.device,
            destination: FuzzSamples.scanner,
            protocol: .icmp,
            payload:
                PacketBuilder.icmpEcho(
                    reply: true,
                    identifier: 7,
                    sequence: 9,
                    data: marker + Array(repeating: 0, count: 48)
                )
        )
        return FuzzTarget(
            name: "icmp-echo-reply",
            summary: "raw ICMP reads through ICMPEcho.replySequence and MarkedICMPEcho.replySequence",
            seeds: [reply, marked]
        ) { bytes in
            let scan = ICMPEcho.replySequence(bytes)
            let ping = MarkedICMPEcho.replySequence(bytes, marker: marker)
            return scan != nil || ping != nil ? .accepted : .rejected
        }
    }

    /// A per-process scratch file for targets that must go through a path (libpcap opens files).
    static func scratchPath(_ suffix: String) -> String {
        let directory = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        return "\(directory)/scanbench-fuzz-\(ProcessControl.currentID)-\(suffix)"
    }
}
