import ArgumentParser
import Fixture
import Foundation

/// `scanbench fixture generate --seed N --devices K [--subnet /23] [--profile P] [--name NAME] [--out FILE]`.
struct FixtureGenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a realistic LAN fixture drawn from a seed (same arguments, same bytes).",
        discussion: """
            Draws K devices (the gateway included; the scanner is extra) for a home, office or \
            dense-iot LAN: categories, vendors with their real IEEE MAC prefixes (and private MACs on \
            phones and tablets), host names in the vendors' default styles, open/closed/filtered \
            ports, Bonjour and SSDP services, sleepy ARP, Wi-Fi delay, jitter and loss, slow \
            responders. The distributions and their sources are in docs/FIXTURES.md ("Generated \
            LANs"). The file is an ordinary fixture: read it, edit it, bring it up.

            Addresses: the gateway is the subnet's first host (.1), the scanner a random .2-.254 of \
            the lowest /24, every other device a random free host address of the whole subnet (so in \
            a /23 about half are in the upper /24). Sizes: 1 to 1000 devices; a /24 holds 253.

            The file starts with a comment giving the command that regenerates it; no dates, so the \
            same arguments always give byte-identical output.

            Examples:
              # a home /24 with 30 devices, to standard output
              scanbench fixture generate --seed 7 --devices 30
              # regenerate a committed office /23 (each file's header has its command)
              scanbench fixture generate --seed 1204 --devices 90 --subnet /23 \\
                  --profile office --name gen-office-90 \\
                  --out fixtures/lans/generated/gen-office-90.yaml
              scanbench run --fixture gen-office-90 --strategy scanbench-best
              # a smart home full of plugs and cameras, then bring it up
              scanbench fixture generate --seed 3 --devices 45 --profile dense-iot \\
                  --out /tmp/iot.yaml
              scanbench testbed up /tmp/iot.yaml --detach
              # the same home with Wi-Fi as it is: power save, deep sleepers, scanner roams
              scanbench fixture generate --seed 7 --devices 30 --wifi full
              # an office /23 in which a third of the hosts answer ARP only
              scanbench fixture generate --seed 34 --devices 250 --subnet /23 \\
                  --profile office --arp-only-percent 33
            """
    )

    @Option(help: "Seed (0 to 2^64-1): the same seed and options give the same file.")
    var seed: UInt64

    @Option(help: "Devices on the LAN, gateway included (1 to 1000).")
    var devices: Int

    @Option(help: "Prefix length (/24, /23, ...) on 198.18.0.0, or a network inside 198.18.0.0/15.")
    var subnet = "/24"

    @Option(help: "Whose devices and rates to draw.")
    var profile = LANProfile.home

    @Option(help: "The fixture's name (default gen-<profile>-<devices>-s<seed>).")
    var name: String?

    @Option(
        help:
            "late-arp: dozing devices answer ARP late; full: also unicast buffered for dozing stations, deep sleepers, the scanner's roams, association losses and congestion (docs/FIXTURES.md \"Wi-Fi behaviours\")."
    )
    var wifi = WiFiModelling.lateARP

    @Option(
        help:
            "Share of the devices besides the gateway (0-100) that answer ARP only: no echo, every TCP port filtered, no services (docs/FIXTURES.md \"Generated LANs\")."
    )
    var arpOnlyPercent = 0

    @Option(help: "Write to this file instead of standard output.")
    var out: String?

    func run() throws {
        do {
            let options = try LANGeneratorOptions(
                seed: seed,
                devices: devices,
                subnet: LANGeneratorOptions.parseSubnet(subnet),
                profile: profile,
                name: name,
                wifi: wifi,
                arpOnlyPercent: arpOnlyPercent
            ).validated()
            let text = try LANGenerator.yaml(options, out: out)
            // The file must load like any fixture; a failure here is a generator bug.
            let fixture = try FixtureLoader.load(text: text, file: out ?? "<generated>")
            try Terminal.emit(text, to: out) { out in
                "wrote \(out): \(fixture.devices.count) devices on \(fixture.network.subnet), scanner \(fixture.network.scanner.ip)"
            }
        } catch let error as FixtureError {
            Terminal.fail(error.description)
        } catch {
            Terminal.fail(Terminal.describe(error))
        }
    }
}
