import Foundation
import Spawn
import Subprocess

// spawn + wait of /bin/true: `rounds` rounds of `n` spawns per way, the ways interleaved within
// each round so that load from other processes hits them alike; µs per spawn, median and best round.
let n = Int(CommandLine.arguments.dropFirst().first ?? "200") ?? 200
let rounds = Int(CommandLine.arguments.dropFirst(2).first ?? "15") ?? 15

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

let ways: [(String, () async throws -> Void)] = [
    (
        "Spawn ChildProcess.spawn + wait (no pipes)",
        {
            let child = try ChildProcess.spawn(["/bin/true"])
            precondition(child.wait() == 0)
        }
    ),
    (
        "Subprocess.run, output .discarded",
        {
            let result = try await Subprocess.run(.path("/bin/true"), output: .discarded)
            precondition(result.terminationStatus.isSuccess)
        }
    ),
    (
        "Spawn ChildProcess.run (both outputs captured)",
        {
            let result = try ChildProcess.run(["/bin/true"])
            precondition(result.status == 0)
        }
    ),
    (
        "Subprocess.run, output+error .string",
        {
            let result = try await Subprocess.run(
                .path("/bin/true"),
                output: .string(limit: 65_536),
                error: .string(limit: 65_536)
            )
            precondition(result.terminationStatus.isSuccess)
        }
    ),
]
var perWay = [[Double]](repeating: [], count: ways.count)
for _ in 0..<rounds {
    for (index, way) in ways.enumerated() {
        let start = now()
        for _ in 0..<n { try await way.1() }
        perWay[index].append((now() - start) / Double(n) * 1e6)
    }
}
for (index, way) in ways.enumerated() {
    let sorted = perWay[index].sorted()
    print(
        String(
            format: "%-48@ median %6.0f µs/spawn, best round %6.0f",
            way.0 as NSString,
            sorted[sorted.count / 2],
            sorted[0]
        )
    )
}
