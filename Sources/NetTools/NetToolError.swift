import Platform

/// A tool failure a user can act on: what went wrong and, where it helps, what to try.
public enum NetToolError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The host name did not resolve.
    case unknownHost(String)
    /// An argument is not valid; the message says which and what is expected.
    case invalidArgument(String)
    /// A socket call failed.
    case system(String)
    /// Nothing answered in time.
    case timeout(String)
    /// The remote side answered something we could not use.
    case badResponse(String)

    public var description: String {
        switch self {
        case .unknownHost(let host):
            "unknown host '\(host)': it does not resolve to an IPv4 address (check the spelling, or give an IP)"
        case .invalidArgument(let message): message
        case .system(let message): message
        case .timeout(let message): message
        case .badResponse(let message): message
        }
    }
}

extension SystemError {
    /// As a tool error.
    var toolError: NetToolError { .system(description) }
}
