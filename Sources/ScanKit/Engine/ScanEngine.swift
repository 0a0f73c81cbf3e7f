import AppContract
import Platform

import Synchronization
import AppInputs

/// Runs a `ScanPipeline` against one accumulator, reporting weighted progress, with a hard
/// deadline per phase.
///
/// Progress follows NetMonitor (spec §1.5): a phase's local progress `p` is reported as
/// `(completed + weight × p) / total`, where `completed` is the weight finished before the phase
/// (for a concurrent step: before the step). With a zero total weight nothing runs.
///
/// The deadline differs from NetMonitor on purpose. There, each phase raced a 30 s sleep inside a
/// task group, which waits for all children — so a phase that ignored cancellation still blocked
/// its step. Here each phase runs in its own unstructured task raced against the deadline; at the
/// deadline the engine cancels that task and moves on without waiting for it (`abandoned`).
public actor ScanEngine {
    /// The accumulator results go to.
    public let accumulator: ScanAccumulator
    /// Per-phase deadline; nil for none.
    public let phaseDeadline: Duration?
    /// Hard (abandon) or cooperative (NetMonitor's task-group race).
    public let deadlineMode: DeadlineMode
    private let events: (any EventSink)?

    /// - Parameters:
    ///   - accumulator: where phases write (a fresh one by default).
    ///   - phaseDeadline: hard per-phase limit (NetMonitor: 30 s); nil for none.
    ///   - deadlineMode: `.hard` abandons a wedged phase; `.cooperative` reproduces NetMonitor.
    ///   - events: where phase start/end go.
    public init(
        accumulator: ScanAccumulator = ScanAccumulator(),
        phaseDeadline: Duration? = .seconds(30),
        deadlineMode: DeadlineMode = .hard,
        events: (any EventSink)? = nil
    ) {
        self.accumulator = accumulator
        self.phaseDeadline = phaseDeadline
        self.deadlineMode = deadlineMode
        self.events = events
    }

    /// Clears the accumulator (call before each scan, as NetMonitor's app does).
    public func reset() async { await accumulator.reset() }

    /// Runs every step in order and returns the devices in numeric order.
    /// - Parameters:
    ///   - pipeline: the steps.
    ///   - context: shared phase inputs.
    ///   - onProgress: called for every phase progress report (from any thread).
    public func run(
        _ pipeline: ScanPipeline,
        context: ScanContext,
        onProgress: @escaping @Sendable (ScanProgress) -> Void = { _ in }
    ) async -> ScanResult {
        let total = pipeline.totalWeight
        guard total > 0 else {
            return ScanResult(devices: await accumulator.sortedSnapshot(), phases: [])
        }
        var completed = 0.0
        var records: [PhaseRecord] = []
        for (stepIndex, step) in pipeline.steps.enumerated() {
            if Task.isCancelled { break }
            if step.concurrent && step.phases.count > 1 {
                let base = completed
                let stepRecords = await withTaskGroup(of: PhaseRecord.self) { group in
                    for phase in step.phases {
                        group.addTask {
                            await self.runPhase(phase, step: stepIndex, context: context) { p in
                                onProgress(
                                    ScanProgress(
                                        fraction: (base + phase.weight * p) / total,
                                        phaseID: phase.id,
                                        displayName: phase.displayName
                                    )
                                )
                            }
                        }
                    }
                    var collected: [PhaseRecord] = []
                    for await record in group { collected.append(record) }
                    return collected
                }
                records += stepRecords
                completed += step.phases.reduce(0) { $0 + $1.weight }
            } else {
                for phase in step.phases {
                    if Task.isCancelled { break }
                    let base = completed
                    records.append(
                        await runPhase(phase, step: stepIndex, context: context) { p in
                            onProgress(
                                ScanProgress(
                                    fraction: (base + phase.weight * p) / total,
                                    phaseID: phase.id,
                                    displayName: phase.displayName
                                )
                            )
                        }
                    )
                    completed += phase.weight
                }
            }
        }
        return ScanResult(devices: await accumulator.sortedSnapshot(), phases: records)
    }

    /// Runs one phase in an unstructured task and returns at whichever comes first: the phase
    /// ends, the deadline passes, or the caller is cancelled.
    private nonisolated func runPhase(
        _ phase: any ScanPhase,
        step: Int,
        context: ScanContext,
        report: @escaping @Sendable (Double) -> Void
    ) async -> PhaseRecord {
        let start = MonotonicClock.now()
        events?.record(.phaseStart(.init(phase: phase.id, step: step)))
        if deadlineMode == .cooperative {
            let outcome = await runCooperatively(phase, context: context, report: report)
            let elapsed = MonotonicClock.now() &- start
            events?.record(.phaseEnd(.init(phase: phase.id, step: step, outcome: outcome, elapsedNs: elapsed)))
            return PhaseRecord(phaseID: phase.id, step: step, outcome: outcome, elapsedNs: elapsed)
        }
        let finish = OneShot<PhaseOutcome>()
        // Progress from an abandoned phase is dropped so it cannot move the bar afterwards.
        let live = Mutex(true)
        let accumulator = self.accumulator
        let work = Task {
            await phase.execute(context: context, accumulator: accumulator) { p in
                if live.withLock({ $0 }) { report(min(max(p, 0), 1)) }
            }
            finish.deliver(.completed)
        }
        let timer: Task<Void, Never>? = phaseDeadline.map { deadline in
            Task {
                do { try await Task.sleep(for: deadline) } catch { return }
                finish.deliver(.abandoned)
            }
        }
        let outcome = await withTaskCancellationHandler {
            await finish.value()
        } onCancel: {
            finish.deliver(.cancelled)
        }
        live.withLock { $0 = outcome == .completed }
        timer?.cancel()
        if outcome != .completed { work.cancel() }
        let elapsed = MonotonicClock.now() &- start
        events?.record(.phaseEnd(.init(phase: phase.id, step: step, outcome: outcome, elapsedNs: elapsed)))
        return PhaseRecord(phaseID: phase.id, step: step, outcome: outcome, elapsedNs: elapsed)
    }

    /// NetMonitor's race: phase and sleep as children of one group; the first to finish cancels
    /// the other, and the group still waits for both.
    private nonisolated func runCooperatively(
        _ phase: any ScanPhase,
        context: ScanContext,
        report: @escaping @Sendable (Double) -> Void
    ) async -> PhaseOutcome {
        let accumulator = self.accumulator
        let deadline = phaseDeadline
        return await withTaskGroup(of: PhaseOutcome.self) { group in
            group.addTask {
                await phase.execute(context: context, accumulator: accumulator) { report(min(max($0, 0), 1)) }
                return Task.isCancelled ? .cancelled : .completed
            }
            if let deadline {
                group.addTask {
                    do { try await Task.sleep(for: deadline) } catch { return .cancelled }
                    return .abandoned
                }
            }
            let first = await group.next() ?? .completed
            group.cancelAll()
            return first
        }
    }
}
