import Fixture
import Foundation
import Platform
import Testing
import TestbedPlatform

@testable import Testbed

/// A device with the `hostile` fault, served for real in a private namespace, as real clients see
/// it from a second one: dig (mDNS by legacy unicast), curl (HTTP) and a raw UDP socket (SSDP),
/// one kind at a time, each request in turn meeting the kind's next variant.
@Suite(
    "Hostile answers end to end",
    .tags(.integration),
    .serialized,
    .enabled(if: ServiceTestShell.canMakeNamespaces, "needs root and iproute2")
)
struct HostileAnswersEndToEndTests {
    static let deviceIP = DeviceServicesEndToEndTests.deviceIP
    static let clientIP = DeviceServicesEndToEndTests.clientIP

    /// What the clients saw under one kind: dig's, curl's and the SSDP socket's output per request.
    struct Seen {
        var dig: [ServiceTestShell.Result] = []
        var curl: [ServiceTestShell.Result] = []
        var ssdp: ServiceTestShell.Result
    }

    /// Brings up the device (every protocol spoiled with `kind`) and a client namespace, asks
    /// three times over mDNS and HTTP and once over SSDP.
    static func observe(_ kind: Fixture.Hostile.Kind) throws -> Seen {
        let (device, client) = try ServiceTestShell.namespacePair(
            stem: "scanbench-hostile",
            vethStem: "sht",
            deviceIP: deviceIP,
            clientIP: clientIP
        )
        defer { ServiceTestShell.removePair((device, client)) }
        let fixture = try ServiceTestFixture.fixture()
        ProcessSignals.ignoreBrokenPipes()
        let services = try DeviceServicesEndToEndTests.startInNamespace(device) {
            let options = DeviceServices.Options(
                wakeOnLANDirectory: FileManager.default.temporaryDirectory.appendingPathComponent(device).path,
                announce: false,
                hostile: [.mdns: kind, .ssdp: kind, .http: kind]
            )
            return try DeviceServices.start(device: fixture.devices[0], options: options)
        }
        defer { services.stop() }
        func inClient(_ arguments: [String], timeout: Double = 20) -> ServiceTestShell.Result {
            ServiceTestShell.run(NetworkNamespace(client).command(arguments), timeout: timeout)
        }
        var seen = Seen(ssdp: inClient(["/usr/bin/python3", "-c", ssdpScript]))
        for _ in 0..<3 {
            seen.dig.append(
                inClient([
                    "dig", "+time=2", "+tries=1", "+noall", "+comments", "+stats", "-p", "5353", "@" + deviceIP,
                    "Router Admin._http._tcp.local", "SRV",
                ])
            )
            seen.curl.append(
                inClient([
                    "curl", "-sS", "-o", "/dev/null", "--max-time", "8", "-w",
                    "code=%{http_code} size=%{size_download}\n",
                    "http://\(deviceIP)/",
                ])
            )
        }
        return seen
    }

    /// One M-SEARCH; prints each datagram's length, whether it holds CRLF, and its first 120 bytes.
    static let ssdpScript = """
        import socket, time
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 20)
        s.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton("\(clientIP)"))
        s.bind(("\(clientIP)", 0))
        s.settimeout(0.3)
        for _ in range(2):
          s.sendto(b'M-SEARCH * HTTP/1.1\\r\\nHOST: 239.255.255.250:1900\\r\\nMAN: "ssdp:discover"\\r\\nMX: 1\\r\\nST: upnp:rootdevice\\r\\n\\r\\n', ("239.255.255.250", 1900))
          end = time.time() + 1.5
          while time.time() < end:
            try:
              d = s.recv(70000)
              print("len=%d crlf=%s end=%s head=%r" % (len(d), b"\\r\\n" in d, d.endswith(b"\\r\\n\\r\\n"), d[:40]))
            except socket.timeout: pass
        """

    /// "MSG SIZE  rcvd: N" from dig's output.
    static func size(_ result: ServiceTestShell.Result) -> Int? {
        result.output.components(separatedBy: "MSG SIZE  rcvd: ").dropFirst().first
            .flatMap { Int($0.prefix { $0.isNumber }) }
    }

    /// The SSDP script's `len=N crlf=B end=B head=…` lines.
    static func datagrams(_ result: ServiceTestShell.Result) -> [Substring] {
        result.output.split(separator: "\n").filter { $0.hasPrefix("len=") }
    }

    @Test func malformedAnswersBreakTheirGrammar() throws {
        let seen = try Self.observe(.malformed)
        // dig: the name that points to itself, the pointer past the end, counts above the records.
        #expect(seen.dig[0].output.contains("bad compression pointer"), "\(seen.dig[0])")
        #expect(seen.dig[1].output.contains("bad compression pointer"), "\(seen.dig[1])")
        #expect(seen.dig[2].output.contains("malformed message packet"), "\(seen.dig[2])")
        // curl: a status code that is not three digits, a Content-Length that is no number, two
        // that differ (curl reads the body short of the second).
        #expect(
            seen.curl[0].status == 1 && seen.curl[0].output.contains("Unsupported response code"),
            "\(seen.curl[0])"
        )
        #expect(seen.curl[1].status == 8 && seen.curl[1].output.contains("Invalid Content-Length"), "\(seen.curl[1])")
        #expect(seen.curl[2].status == 18, "\(seen.curl[2])")
        let ssdp = Self.datagrams(seen.ssdp)
        #expect(ssdp.count == 2, "\(seen.ssdp)")
        #expect(ssdp.first?.contains("crlf=False") == true, "bare LF lines: \(seen.ssdp)")
        #expect(ssdp.last?.contains("HTTP/1.1 TWO-HUNDRED OK") == true, "\(seen.ssdp)")
    }

    @Test func truncatedAnswersStopPartWay() throws {
        let seen = try Self.observe(.truncated)
        // dig: half a message (records cut), then one shorter than its header.
        #expect(seen.dig[0].output.contains("malformed message packet"), "\(seen.dig[0])")
        #expect(seen.dig[1].output.contains("short (< header size) message"), "\(seen.dig[1])")
        // curl: the connection closed mid-body; the head cut in half (curl takes the 200 it read
        // and an empty body: no status test catches it, only the missing body).
        #expect(seen.curl[0].status == 18 && seen.curl[0].output.contains("transfer closed"), "\(seen.curl[0])")
        #expect(seen.curl[1].output.contains("size=0"), "\(seen.curl[1])")
        let ssdp = Self.datagrams(seen.ssdp)
        #expect(ssdp.count == 2 && ssdp.allSatisfy { $0.contains("end=False") }, "no blank line: \(seen.ssdp)")
        #expect(ssdp.last?.hasPrefix("len=10 ") == true, "cut inside the status line: \(seen.ssdp)")
    }

    @Test func oversizedAnswersAreHuge() throws {
        let seen = try Self.observe(.oversized)
        // dig: 9000 bytes on the wire (RFC 6762 §17's limit), then one 65,000-byte datagram.
        #expect(Self.size(seen.dig[0]) == HostileAnswers.mdnsMaximumPayload, "\(seen.dig[0].output.prefix(400))")
        #expect(Self.size(seen.dig[1]) == HostileAnswers.datagramPayload, "\(seen.dig[1].output.prefix(400))")
        // curl: the whole 8 MiB body; a header line without end, which curl refuses.
        #expect(
            seen.curl[0].status == 0 && seen.curl[0].output.contains("size=\(HostileAnswers.httpBodyBytes)"),
            "\(seen.curl[0])"
        )
        #expect(seen.curl[1].status != 0, "\(seen.curl[1])")
        let ssdp = Self.datagrams(seen.ssdp)
        #expect(
            ssdp.count == 2 && ssdp.allSatisfy { $0.hasPrefix("len=\(HostileAnswers.datagramPayload) ") },
            "\(seen.ssdp)"
        )
    }
}
