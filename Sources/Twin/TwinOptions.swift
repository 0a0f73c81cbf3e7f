import Fixture
import Inventory

/// What `fixture from-capture` was told besides the capture.
public struct TwinOptions: Sendable {
    /// The fixture's `name`.
    public var name: String
    /// The user's LAN inventory: device names, categories and host names come from it.
    public var inventory: Inventory?
    /// What the testbed itself adds to a round trip (ms), taken off each device's before it is
    /// halved into a link delay, so that the twin's round trips are the capture's and not the
    /// capture's plus the testbed's.
    public var testbedRoundTripMs: Double

    /// The user-space switch's own round trip during a scan, beyond the links' delays: 0.18–0.48 ms
    /// on `tiny` devices in four scanbench-best scans, 0.27–0.6 ms with iputils ping on an idle
    /// testbed (the idler the machine, the slower its wake-ups). The lower end, so that a twin
    /// is never made faster than its capture by more than the machine's noise.
    public static let defaultTestbedRoundTripMs = 0.2

    /// The category of a device the inventory does not list (or without an inventory): a
    /// general-purpose host; the gateway is always `router`.
    public static let defaultCategory = Fixture.DeviceCategory.computer

    public init(
        name: String = "twin",
        inventory: Inventory? = nil,
        testbedRoundTripMs: Double = Self.defaultTestbedRoundTripMs
    ) {
        self.name = name
        self.inventory = inventory
        self.testbedRoundTripMs = testbedRoundTripMs
    }
}
