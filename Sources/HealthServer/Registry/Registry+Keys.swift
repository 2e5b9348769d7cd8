import Foundation
import HealthRuntime

extension Registry {
    /// A secret key of the server's (`key/NAME`), made from `random` bytes the first time it is asked for and kept,
    /// so every server process sharing the registry — and the same process after a restart — uses the same one.
    /// Two processes making it at once both read back the one that was written last.
    func secretKey(_ name: String, random: @Sendable (Int) -> [UInt8]) async throws -> [UInt8] {
        let key = "key/\(name)"
        if let stored = try await store.value(for: key), stored.count == 32 { return Array(stored) }
        try await store.setValue(Data(random(32)), for: key)
        guard let stored = try await store.value(for: key), stored.count == 32 else {
            throw RegistryError("the server's \(name) key cannot be kept")
        }
        return Array(stored)
    }
}
