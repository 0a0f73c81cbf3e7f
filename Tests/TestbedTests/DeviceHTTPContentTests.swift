import Testing
import Wire
@testable import Testbed

@Suite("Device HTTP content, RTSP and port roles")
struct DeviceHTTPContentTests {
    static func get(_ path: String, port: Int, method: String = "GET") throws -> HTTPResponse {
        let device = try ServiceTestFixture.device()
        let request = try #require(HTTPRequest(head: "\(method) \(path) HTTP/1.1\r\nHost: x\r\nUser-Agent: test"))
        return DeviceHTTPContent(device: device, port: port).response(to: request)
    }

    static func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func rootPageHasEscapedTitleAndServerHeader() throws {
        let response = try Self.get("/", port: 80)
        #expect(response.status == 200)
        #expect(response.header("Server") == "lighttpd/1.4.59")
        #expect(Self.text(response).contains("<title>Router &lt;Admin&gt;</title>"))
        #expect(response.header("content-length") == String(response.body.count))
    }

    @Test func headHasHeadersButNoBody() throws {
        let response = try Self.get("/", port: 80, method: "HEAD")
        let wire = String(decoding: response.serialized(includeBody: false), as: UTF8.self)
        #expect(wire.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(wire.hasSuffix("\r\n\r\n"))
        #expect(wire.contains("Content-Length: \(response.body.count)\r\n"))
    }

    @Test func descriptionXMLOnTheLocationPort() throws {
        let response = try Self.get("/rootDesc.xml", port: 49152)
        #expect(response.status == 200)
        let xml = Self.text(response)
        #expect(xml.contains("<deviceType>urn:schemas-upnp-org:device:InternetGatewayDevice:1</deviceType>"))
        #expect(xml.contains("<friendlyName>Bench Router</friendlyName>"))
        #expect(xml.contains("<manufacturer>Bench &amp; Co</manufacturer>"))
        #expect(xml.contains("<modelName>BR-1</modelName>"))
        #expect(xml.contains("<modelNumber>1.0</modelNumber>"))
        #expect(xml.contains("<UDN>uuid:12345678-abcd-4ef0-9123-0123456789ab</UDN>"))
        #expect(xml.contains("<serviceType>urn:schemas-upnp-org:service:WANIPConnection:1</serviceType>"))
        #expect(xml.contains("<serviceId>urn:upnp-org:serviceId:WANIPConnection1</serviceId>"))
        #expect(try Self.get("/rootDesc.xml", port: 80).status == 404)
        #expect(try Self.get("/description.xml", port: 49152).status == 404)
    }

    @Test func airPlayInfoIsAPlistWithTheMAC() throws {
        let response = try Self.get("/info", port: 7000)
        #expect(response.header("Content-Type") == "text/x-apple-plist+xml")
        #expect(response.header("Server") == "AirTunes/670.6.2")
        let plist = Self.text(response)
        #expect(plist.contains("<key>deviceid</key>\n\t<string>02:00:00:00:00:01</string>"))
        #expect(plist.contains("<key>model</key>\n\t<string>AppleTV11,1</string>"))
        #expect(plist.contains("<key>sourceVersion</key>\n\t<string>670.6.2</string>"))
    }

    @Test func eurekaInfoIsJSON() throws {
        let response = try Self.get("/setup/eureka_info?params=name,device_info", port: 8008)
        #expect(response.status == 200)
        #expect(
            Self.text(response) == """
                {"name":"Kitchen \\"TV\\"","model_name":"Chromecast Ultra","manufacturer":"Google Inc.",\
                "build_version":"1.56.281627","mac_address":"02:00:00:00:00:01","ssdp_udn":"12345678-abcd-4ef0-9123-0123456789ab"}

                """
        )
    }

    @Test func otherMethodsAndPathsAreRefused() throws {
        #expect(try Self.get("/", port: 80, method: "POST").status == 405)
        #expect(try Self.get("/nope", port: 80).status == 404)
        #expect(HTTPRequest(head: "garbage") == nil)
    }

    @Test func requestHeadsAreSplitFromTheBuffer() {
        var buffer = Array("GET / HTTP/1.1\r\nHost: a\r\n\r\nOPTIONS".utf8)
        let head = HTTPRequest.takeHead(from: &buffer)
        #expect(head == "GET / HTTP/1.1\r\nHost: a")
        #expect(buffer == Array("OPTIONS".utf8))
        #expect(HTTPRequest.takeHead(from: &buffer) == nil)
    }

    @Test func rtspEchoesCSeq() throws {
        let request = try #require(HTTPRequest(head: "OPTIONS rtsp://198.18.0.1/ RTSP/1.0\r\nCSeq: 7"))
        #expect(
            RTSPResponder.response(to: request, server: "Hikvision-Webs")
                == "RTSP/1.0 200 OK\r\nCSeq: 7\r\nServer: Hikvision-Webs\r\nPublic: OPTIONS, DESCRIBE, SETUP, PLAY, TEARDOWN\r\n\r\n"
        )
    }

    @Test func portRolesFollowTheFixture() throws {
        let roles = TCPPortRole.roles(for: try ServiceTestFixture.device())
        #expect(roles[80] == .http(tls: false))
        #expect(roles[443] == .http(tls: true))
        #expect(roles[7000] == .http(tls: false))
        #expect(roles[8008] == .http(tls: false))
        #expect(roles[49152] == .http(tls: false))
        #expect(roles[9999] == .hold)
        if case .banner(let banner) = roles[22] {
            #expect(banner.protocol == .ssh)
        } else {
            Issue.record("22 is not a banner")
        }
        #expect(roles.count == 8)
    }

    @Test func wakeOnLANLinesAreHex() {
        #expect(WakeOnLANListener.line(for: [0xFF, 0x00, 0x0A, 0xB7]) == "ff000ab7\n")
        #expect(WakeOnLANListener.line(for: []) == "\n")
    }
}
