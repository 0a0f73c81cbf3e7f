import Foundation
import Testing
import Synchronization
import Platform
import TestbedPlatform
@testable import Testbed

/// Runs the device services for real inside a private network namespace and talks to them with
/// real clients (curl, dig, whois, python3/zeroconf) from a second namespace over a veth pair.
@Suite(
    "Device services end to end",
    .tags(.integration),
    .serialized,
    .enabled(if: ServiceTestShell.canMakeNamespaces, "needs root and iproute2")
)
struct DeviceServicesEndToEndTests {
    static let deviceIP = "198.18.0.1"
    static let clientIP = "198.18.0.77"
    static let whoisIP = "198.19.100.10"

    @Test func realClientsSeeTheFixture() throws {
        let (device, client) = try ServiceTestShell.namespacePair(
            stem: "scanbench-svctest",
            vethStem: "svt",
            deviceIP: Self.deviceIP,
            clientIP: Self.clientIP
        )
        let wolDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(device).path
        defer {
            ServiceTestShell.removePair((device, client))
            try? FileManager.default.removeItem(atPath: wolDirectory)
        }
        try ServiceTestShell.check(["ip", "-n", device, "addr", "add", Self.whoisIP + "/32", "dev", "eth0"])
        try ServiceTestShell.check(["ip", "-n", client, "route", "add", "198.19.0.0/16", "via", Self.deviceIP])

        let fixture = try ServiceTestFixture.fixture()
        ProcessSignals.ignoreBrokenPipes()  // as DeviceAgent does: a client closing early must not kill the test process
        let (services, server) = try Self.startInNamespace(device) {
            let options = DeviceServices.Options(wakeOnLANDirectory: wolDirectory, announce: false)
            return (
                try DeviceServices.start(device: fixture.devices[0], options: options),
                try DeviceServices.start(server: fixture.upstream!.servers[0])
            )
        }
        defer {
            services.stop()
            server.stop()
        }
        func inClient(_ arguments: [String]) -> ServiceTestShell.Result {
            ServiceTestShell.run(NetworkNamespace(client).command(arguments), timeout: 20)
        }
        let url = "http://\(Self.deviceIP)"

        // HTTP: title page, UPnP description, AirPlay /info, Chromecast eureka_info.
        let page = inClient(["curl", "-sS", "-i", "--max-time", "5", url + "/"])
        #expect(page.output.contains("<title>Router &lt;Admin&gt;</title>"), "\(page)")
        #expect(page.output.contains("Server: lighttpd/1.4.59"), "\(page)")
        let description = inClient(["curl", "-sS", "--max-time", "5", url + ":49152/rootDesc.xml"])
        #expect(description.output.contains("<friendlyName>Bench Router</friendlyName>"), "\(description)")
        let info = inClient(["curl", "-sS", "--max-time", "5", url + ":7000/info"])
        #expect(info.output.contains("<string>AppleTV11,1</string>"), "\(info)")
        let eureka = inClient(["curl", "-sS", "--max-time", "5", url + ":8008/setup/eureka_info?params=name"])
        #expect(eureka.output.contains("\"model_name\":\"Chromecast Ultra\""), "\(eureka)")
        let https = inClient(["curl", "-sS", "-k", "-v", "--max-time", "5", "https://\(Self.deviceIP)/"])
        #expect(https.output.contains("<title>Router (TLS)</title>"), "\(https)")
        #expect(https.output.contains("CN=router"), "\(https)")
        let head = inClient(["curl", "-sS", "-I", "--max-time", "5", url + "/"])
        #expect(head.output.hasPrefix("HTTP/1.1 200 OK"), "\(head)")

        // mDNS by legacy unicast (dig) and by multicast (python-zeroconf).
        let meta = inClient([
            "dig", "+short", "+time=3", "+tries=1", "-p", "5353", "@" + Self.deviceIP, "_services._dns-sd._udp.local",
            "PTR",
        ])
        #expect(Set(meta.output.split(separator: "\n")) == ["_http._tcp.local.", "_airplay._tcp.local."], "\(meta)")
        let reverse = inClient([
            "dig", "+short", "+time=3", "+tries=1", "-p", "5353", "@" + Self.deviceIP, "-x", Self.deviceIP,
        ])
        #expect(reverse.output == "router.local.\n", "\(reverse)")
        let srv = inClient([
            "dig", "+short", "+time=3", "+tries=1", "-p", "5353", "@" + Self.deviceIP, "Router Admin._http._tcp.local",
            "SRV",
        ])
        #expect(srv.output == "0 0 80 router.local.\n", "\(srv)")
        let zeroconf = inClient(["/usr/bin/python3", "-c", Self.zeroconfScript])
        #expect(
            zeroconf.output.contains("Living Room._airplay._tcp.local. 7000 198.18.0.1 model=AppleTV11,1"),
            "\(zeroconf)"
        )
        #expect(zeroconf.output.contains("Router Admin._http._tcp.local. 80 198.18.0.1 path=/"), "\(zeroconf)")

        // SSDP M-SEARCH from the client namespace.
        let ssdp = inClient(["/usr/bin/python3", "-c", Self.ssdpScript])
        #expect(ssdp.output.contains("ST: urn:schemas-upnp-org:device:InternetGatewayDevice:1"), "\(ssdp)")
        #expect(ssdp.output.contains("LOCATION: http://198.18.0.1:49152/rootDesc.xml"), "\(ssdp)")
        #expect(ssdp.output.components(separatedBy: "HTTP/1.1 200 OK").count - 1 == 5, "\(ssdp)")

        // Banners, RTSP, UDP reply, Wake-on-LAN.
        let banners = inClient(["/usr/bin/python3", "-c", Self.bannerScript])
        #expect(banners.output.contains("ssh: SSH-2.0-dropbear_2022.83\r\n"), "\(banners)")
        #expect(banners.output.contains("rtsp: RTSP/1.0 200 OK\r\nCSeq: 3\r\nServer: Hikvision-Webs\r\n"), "\(banners)")
        #expect(banners.output.contains("udp: pong"), "\(banners)")
        #expect(banners.output.contains("hold: open"), "\(banners)")
        let log = try String(contentsOfFile: "\(wolDirectory)/gateway.log", encoding: .utf8)
        #expect(log == String(repeating: "f", count: 12) + String(repeating: "020000000001", count: 16) + "\n")

        // WHOIS on the remote server's address.
        let asn = inClient(["whois", "-h", Self.whoisIP, "AS64500"])
        #expect(asn.output.contains("as-name: BENCH-NET"), "\(asn)")
        let referral = inClient(["whois", "-h", Self.whoisIP, "example"])
        #expect(referral.output.contains("refer:        whois.registry.test"), "\(referral)")
        let none = inClient(["whois", "-h", Self.whoisIP, "nothing.invalid"])
        #expect(none.output.contains("No match for \"nothing.invalid\"."), "\(none)")
    }

    /// Runs `body` on a thread that entered the namespace `name`, and returns its result.
    static func startInNamespace<T: Sendable>(_ name: String, _ body: @escaping @Sendable () throws -> T) throws -> T {
        let result = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            defer { done.signal() }
            do throws(SystemError) { try NetworkNamespace(name).enter() } catch {
                result.set(
                    .failure(ServiceTestShell.Failure(message: "cannot enter namespace \(name): errno \(error.errno)"))
                )
                return
            }
            result.set(Result { try body() })
        }
        done.wait()
        return try result.get()
    }

    static let zeroconfScript = """
        import time
        from zeroconf import Zeroconf, ServiceBrowser
        z = Zeroconf(interfaces=["\(clientIP)"])
        found = []
        class L:
            def add_service(self, zc, t, n): found.append((t, n))
            def update_service(self, zc, t, n): pass
            def remove_service(self, zc, t, n): pass
        b = ServiceBrowser(z, ["_airplay._tcp.local.", "_http._tcp.local."], L())
        time.sleep(2.5)
        for t, n in sorted(set(found)):
            i = z.get_service_info(t, n, timeout=3000)
            props = ",".join(k.decode() + "=" + (v or b"").decode() for k, v in sorted(i.properties.items()))
            print(n, i.port, " ".join(i.parsed_addresses()), props)
        z.close()
        """

    static let ssdpScript = """
        import socket, time
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton("\(clientIP)"))
        s.bind(("\(clientIP)", 0))
        s.sendto(b'M-SEARCH * HTTP/1.1\\r\\nHOST: 239.255.255.250:1900\\r\\nMAN: "ssdp:discover"\\r\\nMX: 1\\r\\nST: ssdp:all\\r\\n\\r\\n', ("239.255.255.250", 1900))
        s.settimeout(0.3)
        end = time.time() + 2
        while time.time() < end:
            try: print(s.recv(2000).decode())
            except socket.timeout: pass
        """

    static let bannerScript = """
        import socket
        c = socket.create_connection(("\(deviceIP)", 22), timeout=3)
        print("ssh: " + c.recv(200).decode())
        c.close()
        r = socket.create_connection(("\(deviceIP)", 554), timeout=3)
        r.sendall(b"OPTIONS rtsp://\(deviceIP)/ RTSP/1.0\\r\\nCSeq: 3\\r\\n\\r\\n")
        print("rtsp: " + r.recv(500).decode())
        r.close()
        h = socket.create_connection(("\(deviceIP)", 9999), timeout=1)
        try:
            data = h.recv(10)
            print("hold: closed" if data == b"" else "hold: data")
        except socket.timeout:
            print("hold: open")
        h.close()
        u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        u.settimeout(3)
        u.sendto(b"ping", ("\(deviceIP)", 5000))
        print("udp: " + u.recv(100).decode())
        u.sendto(b"\\xff" * 6 + bytes.fromhex("020000000001") * 16, ("\(deviceIP)", 9))
        import time; time.sleep(0.3)
        """
}

/// Carries a thread's result back to the test (guarded by a lock).
final class ResultBox<T: Sendable>: Sendable {
    private let storage = Mutex<Result<T, any Error>?>(nil)
    func set(_ value: Result<T, any Error>) { storage.withLock { $0 = value } }
    func get() throws -> T { try storage.withLock { $0 }!.get() }
}
