extension SessionReport {
    /// The user left the app (a `background` action): how long the platform let it run, whether
    /// it was suspended before the session's work was done, and what the scan had by then.
    public struct Background: Codable, Sendable, Equatable {
        /// Seconds after session start when the app went to the background.
        public var atS: Double
        /// The platform's background window (`background_time_s`); nil: it is never suspended.
        public var windowS: Double?
        /// Seconds after session start when the app was suspended; nil when everything the
        /// script started had ended first (or the platform has no window).
        public var suspendedAtS: Double?
        /// A scan was still running at the suspension: it stopped there, and the report's
        /// `scan.devices` are the ones found by then.
        public var scanCut = false
        /// The last scan's devices at the suspension (nil: not suspended, or no scan).
        public var devicesAtCut: Int?

        public init(atS: Double, windowS: Double?) {
            (self.atS, self.windowS) = (atS, windowS)
        }

        enum CodingKeys: String, CodingKey {
            case atS = "at_s"
            case windowS = "window_s"
            case suspendedAtS = "suspended_at_s"
            case scanCut = "scan_cut"
            case devicesAtCut = "devices_at_cut"
        }
    }
}
