import ArgumentParser
import Fixture
import Foundation

/// `scanbench fixture wifi --seed N --profile P [--name NAME] FIXTURE [--out FILE]`.
struct FixtureWiFiCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wifi",
        abstract: "Draw the generator's Wi-Fi behaviours onto an existing fixture (same arguments, same bytes).",
        discussion: """
            Adds what 'fixture generate --wifi full' draws to a LAN someone wrote: power save \
            (unicast held for a dozing station) on devices that answer ARP late, modem sleep on \
            ESP-based devices, deep sleep on battery cameras and thermostats, and the scanner's roams, \
            association losses and congestion bursts, at the profile's sourced rates. Devices, \
            addresses and services stay as written. Which device is Wi-Fi, dozing, ESP-based or a \
            battery kind is read from its link delay, ARP rule and MAC block (docs/FIXTURES.md, \
            "Drawing them onto a hand-written fixture").

            The file starts with a comment giving the command that regenerates it.

            Examples:
              scanbench fixture wifi --seed 4601 --profile home --name home-wifi \\
                  fixtures/lans/home.yaml --out fixtures/lans/wifi/home-wifi.yaml
              scanbench run --fixture home-wifi --strategy scanbench-best
            """
    )

    @Option(help: "Seed (0 to 2^64-1): the same seed, profile and fixture give the same file.")
    var seed: UInt64

    @Option(help: "Whose Wi-Fi rates to draw at.")
    var profile = LANProfile.home

    @Option(help: "The new fixture's name (default <name>-wifi).")
    var name: String?

    @Argument(help: "The fixture to draw onto: a built-in name or a path.")
    var fixture: String

    @Option(help: "Write to this file instead of standard output.")
    var out: String?

    func run() throws {
        do {
            let base = try FixtureLoader.load(fixture)
            let options = WiFiOverlay.Options(seed: seed, profile: profile, source: fixture, name: name)
            let text = try WiFiOverlay.yaml(base, options: options, out: out)
            // The file must load like any fixture; a failure here is an overlay bug.
            let drawn = try FixtureLoader.load(text: text, file: out ?? "<drawn>")
            try Terminal.emit(text, to: out) { out in
                let held = drawn.devices.filter { $0.powerSave != nil }.count
                let sleepers = drawn.devices.filter { $0.deepSleep != nil }.count
                return
                    "wrote \(out): \(drawn.name), \(drawn.devices.count) devices, \(held) with power save, \(sleepers) deep sleepers"
            }
        } catch let error as FixtureError {
            Terminal.fail(error.description)
        } catch {
            Terminal.fail(Terminal.describe(error))
        }
    }
}
