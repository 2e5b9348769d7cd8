package import Foundation

/// The JSON a storage backend writes into a store: payloads, documents, summaries, settings.
///
/// Object keys are written sorted. Without it, swift-foundation's `JSONEncoder` writes them in hash order, which
/// Swift seeds per process, so importing the same export twice gave two stores with different bytes (the same
/// decoded values). With sorted keys and the core types' dictionaries encoded in key order (``Metadata``,
/// workout statistics), a stored document is a function of its content.
package enum StoredJSON {
    /// A new encoder for stored JSON (sorted keys; every other option at its default, as stores already hold).
    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}
