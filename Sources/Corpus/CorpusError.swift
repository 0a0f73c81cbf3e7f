import Fixable

/// What `Corpus` throws: a message and its fix (`FixableError`), e.g. a labels line that does not parse.
public typealias CorpusError = FixableError
