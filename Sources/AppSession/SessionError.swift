import Fixable

/// A session could not start; says what to do.
public typealias SessionError = FixableError
