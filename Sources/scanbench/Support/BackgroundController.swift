import Fixture
import Foundation
import Testbed
import Spawn
import Platform

/// `testbed up --detach`: starts `testbed up` again as the testbed's controller, in the
/// background in its own session (so it outlives this command and the terminal), and waits until
/// its LAN is ready (or it failed), so the command returns with a working testbed or an error.
enum BackgroundController {
    static func start(fixturePath: String, id: String, seed: UInt64, extra: [String]) throws {
        try StateRoot.prepare()
        let log = TestbedNames(id: id).controllerLog
        let process = try ChildProcess.spawn(
            [Terminal.executablePath, "testbed", "up", fixturePath, "--id", id, "--seed", String(seed)] + extra,
            stdout: .file(log),
            stderr: .file(log),
            newSession: true
        )
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            if let state = TestbedState.load(id: id), state.phase == .ready {
                let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                for line in output.split(separator: "\n") where line.hasPrefix("scanbench: ") {
                    Terminal.progress(String(line.dropFirst("scanbench: ".count)))
                }
                print(DeviceTable.render(GroundTruth(state: state)))
                print("\ntestbed \(id) is up in the background (controller pid \(state.controllerPID), log \(log)).")
                print("run commands in its scanner namespace with: scanbench testbed exec -- CMD")
                print("remove it with: scanbench testbed down --id \(id)")
                return
            }
            if let status = process.endedStatus() {
                let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                try? FileManager.default.removeItem(atPath: log)
                // A controller that printed nothing died from outside (a signal, the OOM killer):
                // its exit status is then the only evidence, so it is always said.
                let how =
                    status > 128
                    ? "was killed by signal \(status - 128)"
                    : status < 0 ? "ended (status unknown)" : "exited with status \(status)"
                throw TestbedError(
                    "the testbed controller \(how) before the LAN was ready"
                        + (output.isEmpty ? ", printing nothing" : ":\n\(output)"),
                    fix: output.isEmpty
                        ? "look for what ended it (dmesg for the OOM killer; another 'scanbench testbed down' on this state root), then run 'scanbench testbed down --id \(id)' and try again"
                        : "fix what the message above says, then run 'scanbench testbed down' and try again"
                )
            }
            CurrentThread.sleep(milliseconds: 50)
        }
        TestbedCleaner.remove(id: id, log: Terminal.progress)
        throw TestbedError("the LAN was not ready after 120 s", fix: "read \(log)")
    }
}
