import Fixture

/// What a device's HTTP server answers on one port, as a pure function of the fixture:
/// the title page, the UPnP description, AirPlay `/info` and Chromecast `eureka_info`.
struct DeviceHTTPContent: Sendable {
    let device: Fixture.Device
    let port: Int
    /// The `Server:` header value, nil for none.
    let server: String?
    /// The `<title>` of `/`.
    let title: String

    init(device: Fixture.Device, port: Int) {
        self.device = device
        self.port = port
        let endpoint = device.http?.first { $0.port == port }
        if let endpoint {
            server = endpoint.server
        } else if port == 7000, let airplay = device.airplay {
            server = "AirTunes/\(airplay.sourceVersion ?? "366.0")"
        } else {
            server = nil
        }
        title = endpoint?.title ?? device.upnp?.friendlyName ?? device.name
    }

    /// The response to `request`: GET and HEAD are served, other methods get 405.
    func response(to request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return HTTPResponse(
                status: 405,
                reason: "Method Not Allowed",
                contentType: "text/plain",
                server: server,
                body: "method not allowed\n",
                extraHeaders: [("Allow", "GET, HEAD")]
            )
        }
        let path = request.path
        if let ssdp = device.ssdp, ssdp.locationPort == port, path == ssdp.descriptionPath, let upnp = device.upnp {
            return HTTPResponse(
                status: 200,
                reason: "OK",
                contentType: "text/xml; charset=\"utf-8\"",
                server: server,
                body: Self.descriptionXML(ssdp: ssdp, upnp: upnp)
            )
        }
        if port == 7000, let airplay = device.airplay, path == "/info" {
            return HTTPResponse(
                status: 200,
                reason: "OK",
                contentType: "text/x-apple-plist+xml",
                server: server,
                body: Self.airPlayInfo(airplay, mac: device.mac.description.uppercased())
            )
        }
        if port == 8008, let chromecast = device.chromecast, path == "/setup/eureka_info" {
            return HTTPResponse(
                status: 200,
                reason: "OK",
                contentType: "application/json",
                server: server,
                body: Self.eurekaInfo(chromecast, mac: device.mac.description, udn: device.ssdp?.uuid)
            )
        }
        if path == "/" || path == "/index.html" {
            let name = MarkupEscaping.xml(title)
            let page =
                "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>\(name)</title></head>\n<body><h1>\(name)</h1></body></html>\n"
            return HTTPResponse(
                status: 200,
                reason: "OK",
                contentType: "text/html; charset=utf-8",
                server: server,
                body: page
            )
        }
        return HTTPResponse(
            status: 404,
            reason: "Not Found",
            contentType: "text/plain",
            server: server,
            body: "not found\n"
        )
    }

    /// A UPnP device description (UPnP Device Architecture 1.0 §2.3).
    static func descriptionXML(ssdp: Fixture.SSDPService, upnp: Fixture.UPnPDescription) -> String {
        func element(_ name: String, _ value: String) -> String { "<\(name)>\(MarkupEscaping.xml(value))</\(name)>" }
        var lines = [
            "<?xml version=\"1.0\"?>",
            "<root xmlns=\"urn:schemas-upnp-org:device-1-0\">",
            "  <specVersion><major>1</major><minor>0</minor></specVersion>",
            "  <device>",
            "    " + element("deviceType", ssdp.deviceType),
            "    " + element("friendlyName", upnp.friendlyName),
            "    " + element("manufacturer", upnp.manufacturer),
            "    " + element("modelName", upnp.modelName),
        ]
        if let number = upnp.modelNumber { lines.append("    " + element("modelNumber", number)) }
        lines.append("    " + element("UDN", "uuid:\(ssdp.uuid)"))
        let services = ssdp.services ?? []
        if !services.isEmpty {
            lines.append("    <serviceList>")
            for service in services {
                let parts = service.split(separator: ":")
                let name = parts.count >= 5 ? "\(parts[3])\(parts[4])" : service.filter { $0.isLetter || $0.isNumber }
                lines.append(
                    "      <service>" + element("serviceType", service)
                        + element("serviceId", "urn:upnp-org:serviceId:\(name)")
                        + element("SCPDURL", "/scpd/\(name).xml") + element("controlURL", "/control/\(name)")
                        + element("eventSubURL", "/event/\(name)") + "</service>"
                )
            }
            lines.append("    </serviceList>")
        }
        lines += ["  </device>", "</root>", ""]
        return lines.joined(separator: "\n")
    }

    /// AirPlay `/info` as an XML property list.
    static func airPlayInfo(_ info: Fixture.AirPlayInfo, mac: String) -> String {
        var entries = [("deviceid", mac), ("model", info.model), ("name", info.name)]
        if let version = info.sourceVersion { entries.append(("sourceVersion", version)) }
        let body = entries.map { "\t<key>\($0.0)</key>\n\t<string>\(MarkupEscaping.xml($0.1))</string>" }.joined(
            separator: "\n"
        )
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(body)
            </dict>
            </plist>

            """
    }

    /// Chromecast `/setup/eureka_info` as JSON (absent values are `null`).
    static func eurekaInfo(_ info: Fixture.ChromecastInfo, mac: String, udn: String?) -> String {
        func value(_ text: String?) -> String { text.map(MarkupEscaping.json) ?? "null" }
        let fields = [
            ("name", value(info.name)), ("model_name", value(info.modelName)),
            ("manufacturer", value(info.manufacturer)),
            ("build_version", value(info.buildVersion)), ("mac_address", value(mac)), ("ssdp_udn", value(udn)),
        ]
        return "{" + fields.map { "\(MarkupEscaping.json($0.0)):\($0.1)" }.joined(separator: ",") + "}\n"
    }
}
