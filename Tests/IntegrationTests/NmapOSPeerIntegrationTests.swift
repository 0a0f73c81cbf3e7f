import Fixture
@testable import Harness
import Results
import Testbed
import Testing

/// The `--peer-os` path for real: `NmapOSPeer` runs nmap -O -sV from the scanner's namespace on
/// a two-host testbed whose devices have different `ip_stack`s, parses its XML and scores the
/// categories. About 35 s, nearly all of it nmap (OS detection with one try and -sV, two hosts).
@Suite("nmap -O -sV peer on a testbed", .tags(.integration), .serialized)
struct NmapOSPeerIntegrationTests {
    static let fixture = "\(ScanBenchCLI.packageRoot)/Tests/IntegrationTests/Fixtures/os-stacks.yaml"

    @Test("nmap ran, its XML was parsed, a TTL-128 and a TTL-64 device look different to it, categories are scored")
    func peerSeesEachStack() throws {
        let testbed = try LiveTestbed.up(Self.fixture)
        defer { testbed.down() }
        let state = try #require(TestbedState.load(id: testbed.id))
        let truth = GroundTruth(state: state)
        let result = NmapOSPeer(truth: truth, fixture: "os-stacks").run(
            targets: ["198.18.0.10", "198.18.0.11"],
            repetition: 1
        )

        #expect(result.notMeasured == nil, "nmap did not run: \(result.notMeasured ?? "")")
        let guesses = Dictionary(uniqueKeysWithValues: (result.categoryGuesses ?? []).map { ($0.ip, $0) })
        #expect(Set(guesses.keys) == ["198.18.0.10", "198.18.0.11"], "one parsed host per target: \(guesses)")
        // What nmap saw: the reply TTL each stack sends (Windows' 128, Linux's 64).
        let windows = guesses["198.18.0.10"]?.evidence ?? ""
        let linux = guesses["198.18.0.11"]?.evidence ?? ""
        #expect(windows.hasSuffix("reply TTL 128"), "windows-pc: \(windows)")
        #expect(linux.hasSuffix("reply TTL 64"), "linux-pc: \(linux)")
        // Scored against the fixture's categories: both devices are found and counted.
        let score = try #require(result.categories)
        #expect(result.found == 2 && score.found == 2, "\(score)")
        #expect(
            score.confusion["computer"]?.values.reduce(0, +) == 2,
            "both computers in the confusion table: \(score.confusion)"
        )
    }
}
