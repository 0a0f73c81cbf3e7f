import Fixture
import Platform
import TestbedPlatform

/// The entry point of a device's agent process: `scanbench testbed agent --fixture F --device D`
/// run with `ip netns exec <namespace>`.
public enum DeviceAgent {
    /// Starts every service the fixture lists for the device and serves until the process is
    /// killed.
    /// - Parameters:
    ///   - fixture: the loaded fixture.
    ///   - deviceName: the `name` of one of its devices.
    /// - Throws: ``DeviceAgentError`` when there is no such device, ``DeviceServicesError``
    ///   when a service cannot start.
    public static func run(
        fixture: Fixture,
        deviceName: String,
        options: DeviceServices.Options = .init()
    ) throws -> Never {
        guard let device = fixture.devices.first(where: { $0.name == deviceName }) else {
            throw DeviceAgentError(
                message: "fixture '\(fixture.name)' has no device named '\(deviceName)'",
                fix: "use one of: \(fixture.devices.map(\.name).joined(separator: ", "))"
            )
        }
        ProcessSignals.ignoreBrokenPipes()
        let services = try DeviceServices.start(device: device, options: options)
        ServiceLog.write(
            "\(device.name) (\(device.ip)) serving: \(services.summary.isEmpty ? "nothing" : services.summary.joined(separator: "; "))"
        )
        serveForever(services)
    }

    static func serveForever(_ services: DeviceServices) -> Never {
        withExtendedLifetime(services) {
            while true { CurrentThread.sleep(milliseconds: 3_600_000) }
        }
    }
}

/// The agent was asked to run something the fixture does not have.
public struct DeviceAgentError: Error, CustomStringConvertible {
    public var message: String
    public var fix: String
    public var description: String { "\(message); \(fix)" }
}
