import CaptureFiles
import CaptureAnalysis
import Results

/// The capture's answer kinds under their results.json names (`WireYield.answerKinds`): the
/// mapping from what the wire showed to the schema lives here, not in Capture.
extension HostAnswers {
    /// Each kind with its name in `--json` and reports (`WireYield.answerKinds`), in report order.
    public static let named: [(HostAnswers, String)] = Array(
        zip(
            [.arpReply, .echoReply, .tcpSynAck, .tcpReset, .mdnsResponse, .ssdpResponse],
            WireYield.answerKinds
        )
    )

    /// The names of the kinds in this set, in report order.
    public var names: [String] { Self.named.filter { contains($0.0) }.map(\.1) }
}
