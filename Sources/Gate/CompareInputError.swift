import Fixable

/// Input `scanbench compare` cannot use (a thresholds file, or two results with nothing to
/// compare), with what to do. The command exits 2 on it.
public typealias CompareInputError = FixableError
