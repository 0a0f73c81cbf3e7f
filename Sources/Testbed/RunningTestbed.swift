import Fixture
import Foundation
import Platform
import Spawn
import Synchronization
import TestbedPlatform

/// A testbed that is up: its switch thread and the processes it started. Owned by the
/// controller process (`scanbench testbed up`); other processes see it through its state file.
public final class RunningTestbed: Sendable {
    private let shared: Mutex<Shared>
    public let network: UserspaceSwitch

    struct Shared: Sendable {
        var state: TestbedState
        var processes: [(name: String, process: ChildProcess)] = []
    }

    init(state: TestbedState, switch network: UserspaceSwitch) {
        shared = Mutex(Shared(state: state))
        self.network = network
    }

    public internal(set) var state: TestbedState {
        get { shared.withLock { $0.state } }
        set { shared.withLock { $0.state = newValue } }
    }

    func adopt(_ process: ChildProcess, name: String) {
        shared.withLock { $0.processes.append((name, process)) }
    }

    func startSwitch() {
        let network = self.network
        let thread = Thread { network.run() }
        thread.name = "scanbench-switch"
        thread.qualityOfService = .userInteractive
        thread.start()
        let id = state.id
        let publisher = Thread { Self.publishCounters(of: network, testbed: id) }
        publisher.name = "scanbench-counters"
        publisher.qualityOfService = .utility
        publisher.start()
    }

    /// Carries out each ``AddressMove`` once the switch publishes its device's return (polled every
    /// 100 ms, off the switch thread). A move that fails is written to the device's log and left
    /// undone; the event log still says where it should be. The thread lives until the switch
    /// stops: the agents it starts die with the thread that started them (their parent-death
    /// signal follows the thread, not the process).
    func startMoves(_ moves: [AddressMove]) {
        guard !moves.isEmpty else { return }
        let thread = Thread { [self] in
            var pending = moves
            var fixture = state.fixture
            while network.isRunning {
                let returned = Set(
                    network.pathEvents().filter { $0.kind == PathEventRecord.newAddressKind }.map(\.port)
                )
                for move in pending where returned.contains(move.device) {
                    carryOut(move, fixture: &fixture)
                }
                pending.removeAll { returned.contains($0.device) }
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
        thread.name = "scanbench-moves"
        thread.start()
    }

    /// Moves one device's address, starts its agent again on the new one, and names it in DNS.
    private func carryOut(_ move: AddressMove, fixture: inout Fixture) {
        let note = { (text: String) in
            if let handle = FileHandle(forWritingAtPath: move.log) {
                handle.seekToEndOfFile()
                handle.write(Data("scanbench: \(text)\n".utf8))
                try? handle.close()
            }
        }
        do {
            try move.moveAddress()
        } catch {
            note("could not move \(move.device) from \(move.from) to \(move.to): \(error)")
            return
        }
        if let agent = move.agent {
            let old = shared.withLock { $0.processes.first { $0.name == move.device }?.process }
            if let old {
                ProcessSignals.terminate([old.pid], grace: .milliseconds(200)) { _ in old.isRunning }
                old.wait()
            }
            do {
                let process = try ChildProcess.spawn(agent, stdout: .file(move.log), stderr: .file(move.log))
                shared.withLock { shared in
                    shared.processes.removeAll { $0.name == move.device }
                    shared.processes.append((move.device, process))
                }
            } catch {
                note("could not start \(move.device)'s agent on \(move.to): \(error)")
            }
        }
        if let index = fixture.devices.firstIndex(where: { $0.name == move.device }) {
            fixture.devices[index].ip = move.to
            let directory = state.names.stateDirectory
            try? DnsmasqConfig(fixture: fixture).hostsFile.write(
                toFile: "\(directory)/hosts",
                atomically: true,
                encoding: .utf8
            )
            if let text = try? String(contentsOfFile: "\(directory)/dnsmasq.pid", encoding: .utf8),
                let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                _ = ProcessControl.send(SIGHUP, to: pid)
            }
        }
        note("\(move.device) came back on \(move.to) (was \(move.from))")
    }

    /// Publishes the switch's counters every 250 ms while they change, until the switch stops
    /// (off the switch thread, so that writing the file never delays a frame).
    private static func publishCounters(of network: UserspaceSwitch, testbed id: String) {
        var last: [SwitchPortCounters] = []
        var lastEvents: [PathEventRecord] = []
        while network.isRunning {
            let now = network.counters()
            if now != last, SwitchPortCounters.publish(now, testbed: id) { last = now }
            let events = network.pathEvents()
            if events != lastEvents, Self.publish(events, testbed: id) { lastEvents = events }
            Thread.sleep(forTimeInterval: 0.25)
        }
    }

    /// Writes the scanner's path events so far (`path-events.json`) atomically; false when the
    /// state directory is gone.
    private static func publish(_ events: [PathEventRecord], testbed id: String) -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        guard let data = try? encoder.encode(events) else { return false }
        return (try? data.write(to: URL(fileURLWithPath: PathEventRecord.path(forTestbed: id)), options: .atomic))
            != nil
    }

    /// Waits until every service process is alive and every open TCP port of every device is
    /// listening (read from the namespace's own /proc/<pid>/net/tcp). Gives up when `timeout`
    /// seconds pass without one more port listening, or after `limit` in all: a hundred agents
    /// starting at once on a loaded machine (several big LANs coming up side by side: four office
    /// LANs at once missed a fixed 5 s) make progress slowly, while a service that will never
    /// listen makes none.
    func waitForServices(timeout: Double, limit: Double = 120) throws {
        let started = Date()
        var deadline = started.addingTimeInterval(timeout)
        var fewestMissing = Int.max
        let processes = shared.withLock { $0.processes }
        let fixture = state.fixture
        while true {
            var missing: [String] = []
            var missingPorts = 0
            for (name, process) in processes {
                let pid = process.pid
                guard process.isRunning else {
                    throw TestbedError(
                        "the '\(name)' service process exited during start-up",
                        fix: "read its log in \(state.names.stateDirectory)/logs/\(name).log (or dnsmasq.out)"
                    )
                }
                guard let device = fixture.devices.first(where: { $0.name == name }) else { continue }
                let listening = Self.listeningPorts(pid: pid)
                let wanted = Set(device.tcpPorts.openPorts)
                if !wanted.isSubset(of: listening) {
                    missingPorts += wanted.subtracting(listening).count
                    missing.append(
                        "\(name): \(wanted.subtracting(listening).sorted().map(String.init).joined(separator: ","))"
                    )
                }
            }
            if missing.isEmpty { return }
            if missingPorts < fewestMissing {
                fewestMissing = missingPorts
                deadline = min(Date().addingTimeInterval(timeout), started.addingTimeInterval(limit))
            }
            if Date() > deadline {
                throw TestbedError(
                    "services did not start listening in time (\(missing.count) devices still waiting after \(Int(Date().timeIntervalSince(started))) s, the last \(Int(timeout)) s without progress: \(missing.prefix(5).joined(separator: "; ")))",
                    fix: "read the device logs in \(state.names.stateDirectory)/logs/"
                )
            }
            CurrentThread.sleep(milliseconds: 50)
        }
    }

    /// TCP ports in LISTEN state in the network namespace of `pid`.
    static func listeningPorts(pid: Int32) -> Set<Int> {
        guard let text = ProcFile.text("/proc/\(pid)/net/tcp") else { return [] }
        var ports = Set<Int>()
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count > 3, fields[3] == "0A" else { continue }
            if let port = fields[1].split(separator: ":").last.flatMap({ Int($0, radix: 16) }) { ports.insert(port) }
        }
        return ports
    }

    /// Stops the switch and the service processes and removes everything the testbed created.
    public func teardown(log: @escaping @Sendable (String) -> Void) {
        var state = self.state
        state.phase = .stopping
        try? state.save()
        network.stop()
        let processes = shared.withLock { $0.processes }
        let byPID = Dictionary(processes.map { ($0.process.pid, $0.process) }, uniquingKeysWith: { first, _ in first })
        ProcessSignals.terminate(Array(byPID.keys), grace: .milliseconds(200)) { byPID[$0]?.isRunning ?? false }
        for (_, process) in processes { process.wait() }
        network.closePorts()
        TestbedCleaner.remove(id: state.id, log: log)
    }
}
