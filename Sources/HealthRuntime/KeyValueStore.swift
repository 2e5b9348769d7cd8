public import Foundation
import HealthStorage

/// A small key–value area of a database, for a service's own records (the server's people, tokens and webhooks)
/// kept beside — never inside — the health data: it is the storage's settings area, reached without handing the
/// storage out.
///
/// Keys are plain strings; a service gives its records prefixes (`token/…`, `webhook/…`) and lists them with
/// ``values(withPrefix:)``. Each write is atomic; there are no multi-key transactions, so a record should hold
/// everything it needs.
///
/// ```swift
/// let registry = try HealthRuntime.shared.open(.sqlite(folder + "/server.sqlite")).keyValues
/// try await registry.setValue(Data(json.utf8), for: "person/ana")
/// let people = try await registry.values(withPrefix: "person/")
/// ```
public struct KeyValueStore: Sendable {
    let storage: any SampleStorage
    let location: StoreLocation

    /// The value of a key, nil when absent.
    /// - Throws: ``RuntimeError`` `.cannotOpen` when the store cannot be read.
    public func value(for key: String) async throws(RuntimeError) -> Data? {
        do { return try await storage.setting(key) } catch { throw failure(error, "read") }
    }

    /// Stores a value (nil removes the key).
    /// - Throws: ``RuntimeError`` `.cannotOpen` when the store cannot be written.
    public func setValue(_ value: Data?, for key: String) async throws(RuntimeError) {
        do { try await storage.setSetting(key, value) } catch { throw failure(error, "write") }
    }

    /// Every key starting with a prefix with its value, in key order.
    /// - Throws: ``RuntimeError`` `.cannotOpen` when the store cannot be read.
    public func values(withPrefix prefix: String) async throws(RuntimeError) -> [(key: String, value: Data)] {
        do { return try await storage.settings(withPrefix: prefix) } catch { throw failure(error, "read") }
    }

    private func failure(_ error: StorageError, _ operation: String) -> RuntimeError {
        RuntimeError(.cannotOpen, location: location.description, "cannot \(operation) the store (\(error.code))")
    }
}

extension OpenDatabase {
    /// The database's key–value area (see ``KeyValueStore``).
    public var keyValues: KeyValueStore { KeyValueStore(storage: storage, location: location) }
}
