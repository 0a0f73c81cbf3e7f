import AppInputs
import Platform

/// What the app does with a platform profile: its costs (`PlatformCosts`) and its path model
/// (`PathMonitor`), the emulation the profile's numbers drive.
extension PlatformProfile {
    /// How the app's connections follow its path (`PathMonitor`).
    public var pathModel: PathModel {
        PathModel(observesPath: observesPath, retryDelayNs: Self.nanoseconds((pathRetryDelayMs?.value ?? 0) * 1000))
    }

    /// What the app does with this profile.
    public var costs: PlatformCosts {
        PlatformCosts(
            callbackNs: Self.nanoseconds(callbackUs.value),
            connectionSetupNs: Self.nanoseconds(connectionSetupUs.value),
            publishNs: Self.nanoseconds(publishUs.value),
            callbackPoolWidth: Int(callbackPoolWidth.value)
        )
    }

    /// Puts the profile in force for the rest of this process, before the app starts any
    /// connection: its costs (`PlatformCosts`), its flow limit (`FlowTable`), how a refused
    /// connect is reported (`ConnectionState.afterConnect`) and its path model (`PathMonitor`).
    /// - Throws: `SystemError` when the path cannot be observed (no rtnetlink socket).
    public func install() throws(SystemError) {
        PlatformCosts.install(costs)
        FlowTable.install(limit: flowLimit)
        ConnectionState.install(refusedConnect: refusedConnectReport)
        try PathMonitor.install(pathModel)
    }

    private static func nanoseconds(_ microseconds: Double) -> UInt64 { UInt64((microseconds * 1000).rounded()) }
}
