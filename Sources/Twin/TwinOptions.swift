import Inventory
import Testbed

/// What `fixture from-capture` was told besides the capture.
public struct TwinOptions: Sendable {
    /// The fixture's `name`.
    public var name: String
    /// The user's LAN inventory: device names, categories and host names come from it.
    public var inventory: Inventory?

    /// The category of a device the inventory does not list (or without an inventory): a
    /// general-purpose host; the gateway is always `router`.
    public static let defaultCategory = Fixture.DeviceCategory.computer

    public init(name: String = "twin", inventory: Inventory? = nil) {
        self.name = name
        self.inventory = inventory
    }
}
