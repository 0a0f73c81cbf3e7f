extension KeyedDecodingContainer {
    /// The value at `key`, or `fallback` when the key is absent or null: how every strategy knob
    /// gets its documented default.
    func value<T: Decodable>(_ key: Key, or fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback
    }
}
