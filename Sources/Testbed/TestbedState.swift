import Fixture
import TestbedPlatform
import Foundation
import Platform

/// What a testbed's controller writes to `<state root>/<id>/state.json` (see `StateRoot`), so that `status`,
/// `exec` and `down` work from other processes, also after the controller died.
public struct TestbedState: Sendable, Codable {
    public enum Phase: String, Sendable, Codable { case building, ready, failed, stopping }

    public var id: String
    public var phase: Phase
    public var error: String?
    public var fixturePath: String
    public var fixture: Fixture
    public var plan: TestbedPlan
    public var controllerPID: Int32
    /// The process whose LAN this is (`testbed up --owner`: the `scanbench run` job that asked for
    /// it), nil for a LAN a person brought up. The controller takes the LAN down when it exits.
    public var ownerPID: Int32? = nil
    public var seed: UInt64
    public var startedAt: Date

    public var names: TestbedNames { plan.names }

    static func path(for id: String) -> String { "\(TestbedNames(id: id).stateDirectory)/state.json" }

    /// Writes the state atomically.
    public func save() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        try StateRoot.prepare()
        try FileManager.default.createDirectory(atPath: names.stateDirectory, withIntermediateDirectories: true)
        try encoder.encode(self).write(to: URL(fileURLWithPath: Self.path(for: id)), options: .atomic)
    }

    /// Reads one testbed's state, or nil if it has none (or it cannot be read).
    public static func load(id: String) -> TestbedState? {
        guard let data = FileManager.default.contents(atPath: path(for: id)) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(TestbedState.self, from: data)
    }

    /// Ids of every testbed with a state directory.
    public static func allIDs() -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: StateRoot.path)) ?? []
        return entries.filter { TestbedNames.isValidID($0) && FileManager.default.fileExists(atPath: path(for: $0)) }
            .sorted()
    }

    /// True while the controller process is alive.
    public var controllerAlive: Bool { Self.isScanBench(controllerPID) }

    /// True while the job that owns the LAN (`ownerPID`) is alive: the LAN is in use by it.
    public var ownerAlive: Bool { ownerPID.map(Self.isScanBench) ?? false }

    /// True when `pid` is a live scanbench process (not a reused pid of something else).
    private static func isScanBench(_ pid: Int32) -> Bool {
        guard pid > 0, ProcessControl.isAlive(pid) else { return false }
        return (ProcFile.text("/proc/\(pid)/cmdline") ?? "").contains("scanbench")
    }
}
