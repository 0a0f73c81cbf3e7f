import Wire

/// How a generated device's link and ARP replies behave: wired or Wi-Fi, sometimes poor Wi-Fi,
/// and for power-saving devices, dozing. The distributions are in docs/FIXTURES.md ("Generated
/// LANs"); values are drawn on fixed grids (0.1 ms, 1 ms, 0.1 %, 0.05) so they print exactly.
enum ImpairmentDraw {
    /// What was drawn, with the words the device's `notes` use for it.
    struct Drawn: Sendable {
        var link: Fixture.LinkImpairment
        var arp: Fixture.ARPBehaviour?
        var summary: [String]
    }

    /// Draws the link (always) and ARP behaviour (power-saving devices only).
    static func draw(wired: Bool, powerSave: Bool, profile: LANProfile, random: inout RandomSource) -> Drawn {
        var summary: [String] = []
        var link = Fixture.LinkImpairment()
        if wired {
            link.delayMs = random.fraction(1...5, over: 10)
            summary.append("wired \(NumberText.decimal(link.delayMs!)) ms")
        } else if random.chance(profile.poorWiFiShare) {
            let tenths = random.integer(in: 150...600)
            let delay = Double(tenths) / 10
            link.delayMs = delay
            link.jitterMs = random.fraction(0...(tenths / 2), over: 10)
            link.lossPercent = random.fraction(10...50, over: 10)
            summary.append("poor Wi-Fi \(Self.delay(link)), \(NumberText.decimal(link.lossPercent!)) % loss")
        } else {
            let tenths = random.integer(in: 10...80)
            let delay = Double(tenths) / 10
            link.delayMs = delay
            link.jitterMs = random.fraction(0...(tenths / 2), over: 10)
            var text = "Wi-Fi \(Self.delay(link))"
            if random.chance(profile.lossyWiFiShare) {
                link.lossPercent = random.fraction(5...20, over: 10)
                text += ", \(NumberText.decimal(link.lossPercent!)) % loss"
            }
            summary.append(text)
        }
        if link.jitterMs == 0 { link.jitterMs = nil }
        var arp: Fixture.ARPBehaviour?
        if powerSave, random.chance(profile.asleepShare) {
            // A dozing station hears a broadcast ARP request at its next DTIM beacon: 1 to 3
            // beacon intervals of 102.4 ms, plus up to 100 ms to wake; it misses some altogether.
            let beacons = Double(random.integer(in: 1...3))
            let delay = (beacons * 102.4).rounded() + Double(random.integer(in: 0...100))
            let probability = random.fraction(10...18, over: 20)
            arp = Fixture.ARPBehaviour(replyDelayMs: delay, replyProbability: probability)
            summary.append(
                "asleep: ARP replies \(NumberText.decimal(delay)) ms late, \(NumberText.decimal(probability * 100)) % answered"
            )
        }
        return Drawn(link: link, arp: arp, summary: summary)
    }

    /// `4.2 ± 1.1 ms`, or `4.2 ms` without jitter.
    private static func delay(_ link: Fixture.LinkImpairment) -> String {
        let jitter = link.jitterMs ?? 0
        return NumberText.decimal(link.delayMs ?? 0) + (jitter > 0 ? " ± \(NumberText.decimal(jitter))" : "") + " ms"
    }
}
