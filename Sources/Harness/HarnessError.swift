import Fixable

/// Something a run could not do, with what to do about it.
public typealias HarnessError = FixableError
