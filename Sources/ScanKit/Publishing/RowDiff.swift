import Foundation

/// What changed between two publishes of the device list, computed the way SwiftUI reconciles a
/// `ForEach` over identified data, as far as public facts go:
///
/// - **Identity first.** A `ForEach` identifies its elements by their `id` (Apple, `ForEach`
///   documentation: "computes views on demand from an underlying collection of identified data";
///   an element whose `id` changes loses its state and animations). Lists gather every element's
///   identifier eagerly to track changes (N. Coalescing, *The SwiftUI Way*, "Maximizing the
///   performance of dynamic lists"). So the old and new identifier sequences are diffed —
///   here with Swift's `CollectionDifference` (Myers), moves inferred — into rows inserted,
///   removed and moved.
/// - **Then values.** For an identifier present in both, SwiftUI compares the new view value with
///   the old and re-evaluates only when they differ (WWDC21 "Demystify SwiftUI": value
///   comparison cuts down body calls). So each kept row is compared with its previous value:
///   `changed` counts the ones that differ.
///
/// What SwiftUI does after this — layout of the changed rows, the render commit, drawing — is not
/// modelled (docs/METRICS.md, "UI").
public struct RowDiff: Sendable, Equatable {
    public var inserted = 0
    public var removed = 0
    /// Rows whose identity stayed but whose position changed.
    public var moved = 0
    /// Rows kept (same identity) whose value differs.
    public var changed = 0

    public init(inserted: Int = 0, removed: Int = 0, moved: Int = 0, changed: Int = 0) {
        self.inserted = inserted
        self.removed = removed
        self.moved = moved
        self.changed = changed
    }

    /// The diff from `old` to `new`. Identifiers must be unique within each list, as `ForEach`
    /// requires.
    public init(from old: [DeviceRow], to new: [DeviceRow]) {
        let identity = new.map(\.id).difference(from: old.map(\.id)).inferringMoves()
        for change in identity {
            switch change {
            case .insert(_, _, let from): if from == nil { inserted += 1 } else { moved += 1 }
            case .remove(_, _, let to): if to == nil { removed += 1 }
            }
        }
        var previous: [UUID: DeviceRow] = [:]
        previous.reserveCapacity(old.count)
        for row in old { previous[row.id] = row }
        for row in new {
            if let before = previous[row.id], before != row { changed += 1 }
        }
    }
}
