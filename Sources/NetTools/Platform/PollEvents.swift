#if canImport(Glibc)
import Glibc
#endif

/// `POLLIN`, as a plain integer for code that does not import Glibc.
let POLLIN_VALUE = Int(POLLIN)
/// `POLLOUT`.
let POLLOUT_VALUE = Int(POLLOUT)
/// `POLLERR`.
let POLLERR_VALUE = Int(POLLERR)
