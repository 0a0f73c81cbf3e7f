import Foundation
import Fuzzing
import Testing
import TestbedPlatform
import Wire
@testable import Testbed

/// Every parser in `FuzzCatalogue` (and the testbed's own request parsers) gets 20 000 seeded
/// inputs: none may trap, none may fail with an untyped error or break its round trip, every
/// valid sample must be accepted, and the mutations must reach both the accepting and the
/// refusing paths. SCANBENCH_FUZZ_COUNT widens a run; scripts/fuzz runs 1 000 000 each.
@Suite("Parser fuzzing")
struct ParserFuzzTests {
    static let count = ProcessInfo.processInfo.environment["SCANBENCH_FUZZ_COUNT"].flatMap { Int($0) } ?? 20_000
    static let seed: UInt64 = 0x5CA9_F022

    static var targets: [FuzzTarget] { FuzzCatalogue.all + [testbedHTTPRequest, testbedSSDPSearch] }

    /// The testbed's HTTP/RTSP request head parser (what its device services read from the scanner).
    static var testbedHTTPRequest: FuzzTarget {
        FuzzTarget(
            name: "testbed-http-request",
            summary: "HTTPRequest.takeHead and init(head:)",
            seeds: [
                Array(
                    "GET /setup/eureka_info?params=name HTTP/1.1\r\nHost: 192.168.1.60:8008\r\nUser-Agent: scanbench-probe\r\n\r\n"
                        .utf8
                ),
                Array("OPTIONS * RTSP/1.0\r\nCSeq: 1\r\n\r\n".utf8),
            ]
        ) { bytes in
            var buffer = bytes
            guard let head = HTTPRequest.takeHead(from: &buffer), let request = HTTPRequest(head: head) else {
                return .rejected
            }
            _ = (request.path, request.header("host"))
            return .accepted
        }
    }

    /// Wire's SSDP M-SEARCH parser (what the testbed's devices read from the scanner).
    static var testbedSSDPSearch: FuzzTarget {
        FuzzTarget(
            name: "testbed-ssdp-search",
            summary: "SSDPSearchRequest(decoding:)",
            seeds: [
                Array(
                    "M-SEARCH * HTTP/1.1\r\nHOST: 239.255.255.250:1900\r\nMAN: \"ssdp:discover\"\r\nMX: 1\r\nST: ssdp:all\r\n\r\n"
                        .utf8
                )
            ]
        ) { bytes in
            (try? SSDPSearchRequest(decoding: bytes[...])) == nil ? .rejected : .accepted
        }
    }

    @Test(
        "20 000 mutated inputs per parser: no trap, no untyped error, both paths reached",
        arguments: targets.map(\.name)
    )
    func parserSurvivesMutations(name: String) throws {
        let target = try #require(Self.targets.first { $0.name == name })
        for (i, sample) in target.seeds.enumerated() {
            #expect(target.parse(sample) == .accepted, "\(name): valid sample \(i) was not accepted")
        }
        let start = Date()
        let tally = FuzzCampaign.run(target, count: Self.count, seed: Self.seed)
        print(
            "fuzz \(name): \(tally.inputs) inputs, \(tally.accepted) accepted, \(tally.rejected) rejected, "
                + "\(tally.failedCount) failed, \(String(format: "%.2f", Date().timeIntervalSince(start))) s"
        )
        #expect(
            tally.failedCount == 0,
            "\(name): \(tally.failures.map { "input \($0.index): \($0.reason) \($0.bytes)" })"
        )
        #expect(
            tally.accepted > target.seeds.count,
            "\(name): no mutated input was accepted; the mutations miss the deep paths"
        )
        #expect(tally.rejected > 0, "\(name): no input was refused; the mutations miss the error paths")
    }

    /// Found by this suite: a pcapng packet whose timestamp's high word is 0x7FFFFFFF gives a
    /// tv_sec whose nanoseconds overflow Int64; PcapFileReader trapped on it.
    @Test func aPcapngTimestampBeyondInt64NanosecondsDoesNotTrap() throws {
        let target = try #require(FuzzCatalogue.target(named: "pcap-file"))
        var file = try #require(target.seeds.last)  // the pcapng sample
        #expect(Array(file[0..<4]) == [0x0A, 0x0D, 0x0D, 0x0A])
        file.replaceSubrange(72..<76, with: [0xFF, 0xFF, 0xFF, 0x7F])  // first EPB's timestamp (high)
        #expect(target.parse(file) == .accepted)
    }

    @Test func theSameSeedDrawsTheSameInputs() throws {
        let target = try #require(FuzzCatalogue.target(named: "dns"))
        var a = FuzzMutator(seeds: target.seeds, seed: 42), b = FuzzMutator(seeds: target.seeds, seed: 42)
        var c = FuzzMutator(seeds: target.seeds, seed: 43)
        let first = (0..<500).map { _ in a.next() }
        #expect(first == (0..<500).map { _ in b.next() })
        #expect(first != (0..<500).map { _ in c.next() })
        // Mutations stay close to the samples: most inputs are neither a sample nor random noise.
        #expect(first.filter { !target.seeds.contains($0) }.count > 400)
    }

    /// A trap while parsing leaves the input in the repro file and the process dies of the signal.
    @Test func aTrapLeavesTheInputInTheReproFile() async throws {
        let path = "/tmp/scanbench-fuzzing-tests-trap.crash"
        try? FileManager.default.removeItem(atPath: path)
        await #expect(processExitsWith: .signal(SIGILL)) {
            let recorder = try CrashRecorder(path: "/tmp/scanbench-fuzzing-tests-trap.crash")
            let bytes: [UInt8] = [0xDE, 0xAD, 0xBE, 0xEF, 7]
            recorder.parsing(bytes) { input in
                if input.count == 5 { fatalError("a parser trapped") }
            }
        }
        let written = try #require(FileManager.default.contents(atPath: path))
        #expect(Array(written) == [0xDE, 0xAD, 0xBE, 0xEF, 7])
        try? FileManager.default.removeItem(atPath: path)
    }
}
