import Fixable

/// A request the fixture model cannot honour (a generator option out of range), with what to do
/// about it. Mistakes in a fixture file are `YAMLInputError`s, which also say where.
public typealias FixtureError = FixableError
