import Glibc

/// A shared library loaded at run time (`dlopen`), for the testbed's TLS termination: libssl is
/// looked up when a device serves TLS, so the build does not link it.
public struct DynamicLibrary: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer

    /// The first of `names` that loads; nil when none does.
    public init?(firstOf names: [String]) {
        guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW) }).first else { return nil }
        self.handle = handle
    }

    /// The function `name` as `T` (a `@convention(c)` type); nil when the library lacks it.
    public func symbol<T>(_ name: String, as _: T.Type) -> T? {
        guard let address = dlsym(handle, name) else { return nil }
        return unsafeBitCast(address, to: T.self)
    }
}
