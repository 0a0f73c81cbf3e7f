import CaptureFiles

/// The scanner's frames by what they would cost a Wi-Fi radio, as length histograms (a few
/// hundred distinct lengths, however long the capture), so `AirtimeModel` can price them after
/// the pass and a sweep of the model costs no second read. Kept only when the scanner is given
/// (the harness gives it): which unicast frames are the scanner's is known only then.
struct AirtimeTally: Sendable, Equatable {
    /// Unicast frames the scanner sent, and those sent to it, by Ethernet length.
    var sentUnicast: [Int: Int] = [:]
    var receivedUnicast: [Int: Int] = [:]
    /// Group-addressed frames the scanner sent, and those of everyone else, by Ethernet length.
    var sentGroup: [Int: Int] = [:]
    var receivedGroup: [Int: Int] = [:]

    @inline(__always)
    mutating func add(length: Int, group: Bool, fromScanner: Bool) {
        switch (group, fromScanner) {
        case (false, true): sentUnicast[length, default: 0] += 1
        case (false, false): receivedUnicast[length, default: 0] += 1
        case (true, true): sentGroup[length, default: 0] += 1
        case (true, false): receivedGroup[length, default: 0] += 1
        }
    }

    /// The frames' airtime under `model`, ns. A unicast frame either way is one acknowledged
    /// exchange (the phone sends the data or the ACK). A group frame the scanner sends goes to
    /// the access point as unicast and comes back from it to the whole BSS at the group rate
    /// (IEEE 802.11-2020 §11.1.3.3: a station's frames go through its access point), so it costs
    /// both; everyone else's group frames cost the access point's broadcast.
    func airtime(under model: AirtimeModel) -> (sentNs: Int64, receivedNs: Int64) {
        var sent: Int64 = 0, received: Int64 = 0
        for (length, count) in sentUnicast { sent += Int64(count) * model.unicastNs(ethernetLength: length) }
        for (length, count) in receivedUnicast { received += Int64(count) * model.unicastNs(ethernetLength: length) }
        for (length, count) in sentGroup {
            sent += Int64(count) * model.unicastNs(ethernetLength: length)
            received += Int64(count) * model.groupNs(ethernetLength: length)
        }
        for (length, count) in receivedGroup { received += Int64(count) * model.groupNs(ethernetLength: length) }
        return (sent, received)
    }
}
