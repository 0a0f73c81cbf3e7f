import Foundation
import Spawn
import Testbed
import Testing
@testable import Harness

@Suite("Process sampling")
struct ProcessSamplerTests {
    /// A child that touches `megabytes` of memory, holds it for half a second and exits.
    static func allocating(_ megabytes: Int) -> [String] {
        [
            "python3", "-c",
            "import time; b = bytearray(\(megabytes) << 20); b[::4096] = b'\\x01' * len(b[::4096]); time.sleep(0.5)",
        ]
    }

    @Test("peak RSS is the child's own, not the memory of the process that spawned it")
    func peakRSSIsTheChilds() throws {
        // The test process holds 300 MB while the child uses about 60 MB: wait4's ru_maxrss
        // would report the 300 MB carried across execve.
        var ballast = [UInt8](repeating: 1, count: 300 << 20)
        for index in stride(from: 0, to: ballast.count, by: 4096) { ballast[index] = 2 }
        let sampler = ProcessSampler()
        let result = try ChildProcess.runMonitored(Self.allocating(60), timeout: 30) { sampler.sample(pid: $0) }
        #expect(result.status == 0, "\(result.stderr)")
        let megabytes = Double(sampler.peakRSSKilobytes) / 1024
        #expect((60...150).contains(megabytes), "child peak \(megabytes) MB")
        #expect(sampler.peakThreads >= 1)
        #expect(sampler.peakFileDescriptors >= 3)
        #expect(ballast[4096] == 2)
    }

    @Test("a missing process reads as zeros")
    func missingProcess() {
        #expect(ProcessSampler.status(pid: Int32.max).threads == 0)
        #expect(ProcessSampler.status(pid: Int32.max).peakRSSKilobytes == 0)
    }
}
