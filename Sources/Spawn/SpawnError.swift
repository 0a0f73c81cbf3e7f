import Fixable

/// A child process could not be started, with what to do about it.
public typealias SpawnError = FixableError
