import Foundation
import Platform
import StrictYAML
import Results
import Spawn
import Testbed
import TestbedPlatform

/// Reads the environment a run happened in, for results.json.
enum EnvironmentProbe {
    static func read(
        fixtures: [String: String],
        strategies: [String: String],
        repetitions: Int,
        shard: ShardSpec
    ) -> RunEnvironment {
        let kernel = MachineInfo.kernelRelease
        let cpuinfo = ProcFile.text("/proc/cpuinfo") ?? ""
        let cpu =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { String($0.split(separator: ":", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespaces) }
            ?? "unknown"
        let meminfo = ProcFile.text("/proc/meminfo") ?? ""
        let kilobytes =
            meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
            .flatMap { Double($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") } ?? 0
        let swift =
            (try? ChildProcess.run(["swift", "--version"], timeout: 20))?.stdout
            .split(separator: "\n").first.map(String.init) ?? "unknown"
        let version =
            (try? ChildProcess.run(
                ["git", "-C", BuiltinDirectory.locate("."), "describe", "--always", "--dirty"],
                timeout: 10
            ))?
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
        var environment = RunEnvironment(
            kernel: kernel,
            cpu: cpu,
            cores: ProcessInfo.processInfo.activeProcessorCount,
            memoryGiB: (kilobytes / 1_048_576 * 10).rounded() / 10,
            swiftVersion: swift,
            scanbenchVersion: version.isEmpty ? "unknown" : version,
            fixtureHashes: fixtures.mapValues(sha256),
            strategyHashes: strategies.mapValues(sha256),
            repetitions: repetitions,
            shard: shard.description
        )
        environment.publicTables = PublicTableRecord.paths.map(publicTable)
        return environment
    }

    /// What `path` is on this machine: its hash, modification time and the package that owns it.
    static func publicTable(_ path: String) -> PublicTableRecord {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            return PublicTableRecord(path: path, sha256: nil, modified: nil, package: nil)
        }
        let modified = (attributes[.modificationDate] as? Date).map { ISO8601DateFormatter().string(from: $0) }
        let owner = (try? ChildProcess.run(["dpkg-query", "-S", path], timeout: 10))?.stdout
            .split(separator: ":").first.map { String($0).trimmingCharacters(in: .whitespaces) }
        let version = owner.flatMap {
            (try? ChildProcess.run(["dpkg-query", "-W", "-f", "${Version}", $0], timeout: 10))?.stdout
        }
        return PublicTableRecord(
            path: path,
            sha256: sha256(path),
            modified: modified,
            package: owner.map { name in version.map { "\(name) \($0)" } ?? name }
        )
    }

    /// What results.json keeps of the job's platform profile: name, hash and every parameter with its source.
    static func record(_ platform: PreparedPlatform) -> PlatformRecord {
        let profile = platform.profile
        return PlatformRecord(
            name: profile.name,
            device: profile.device,
            sha256: sha256(platform.file),
            parameters: profile.parameters.map {
                PlatformRecord.Parameter(
                    key: $0.key,
                    value: $0.parameter.value,
                    source: $0.parameter.source,
                    assumption: $0.parameter.assumption,
                    sweep: $0.parameter.sweep
                )
            },
            neutral: profile.isNeutral
        )
    }

    /// SHA-256 of a file (via coreutils' sha256sum), or "unknown".
    static func sha256(_ path: String) -> String {
        let output = (try? ChildProcess.run(["sha256sum", path], timeout: 10))?.stdout ?? ""
        return output.split(separator: " ").first.map(String.init) ?? "unknown"
    }
}
