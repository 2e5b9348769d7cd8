public import Foundation
public import HealthCore

/// One quantity as the statistics engine needs it: who, when, how much (in the type's canonical unit).
/// Series samples contribute one piece per element.
public struct QuantityPiece: Sendable, Hashable {
    /// The bundle identifier of the source that saved it.
    public var sourceBundleIdentifier: String
    /// When it starts.
    public var start: Date
    /// When it ends.
    public var end: Date
    /// The value in the canonical unit.
    public var value: Double
    /// The sample's UUID.
    public var uuid: UUID
    /// The element's index in its series (0 for ordinary samples).
    public var seriesIndex: Int

    /// Creates a piece.
    public init(sourceBundleIdentifier: String, start: Date, end: Date, value: Double, uuid: UUID, seriesIndex: Int) {
        self.sourceBundleIdentifier = sourceBundleIdentifier
        self.start = start
        self.end = end
        self.value = value
        self.uuid = uuid
        self.seriesIndex = seriesIndex
    }
}

extension SampleStorage {
    /// The quantities of matching quantity samples, in `canonicalUnit`, in insertion order.
    ///
    /// The default fetches whole samples; backends override it with a lean read of the few columns the
    /// statistics engine needs. Samples whose unit does not convert are skipped (validation keeps them out).
    public func quantityPieces(
        matching predicate: SamplePredicate,
        canonicalUnit: HealthUnit
    ) async throws(StorageError) -> [QuantityPiece] {
        let rows = try await samples(matching: SampleRequest(predicate: predicate))
        return QuantityPiece.pieces(of: rows.map(\.sample), canonicalUnit: canonicalUnit)
    }
}

extension QuantityPiece {
    /// The pieces of whole samples: one per quantity sample, one per element of a series; samples of other
    /// kinds and values that do not convert to `canonicalUnit` are skipped.
    public static func pieces(of samples: [AnySample], canonicalUnit: HealthUnit) -> [QuantityPiece] {
        var pieces: [QuantityPiece] = []
        pieces.reserveCapacity(samples.count)
        for sample in samples {
            guard let sample = sample.quantitySample else { continue }
            let source = sample.sourceRevision?.source.bundleIdentifier ?? ""
            for (index, entry) in sample.quantities.enumerated() {
                guard let value = try? entry.quantity.doubleValue(for: canonicalUnit) else { continue }
                pieces.append(
                    QuantityPiece(
                        sourceBundleIdentifier: source, start: entry.startDate, end: entry.endDate, value: value,
                        uuid: sample.uuid, seriesIndex: sample.series.isEmpty ? 0 : index))
            }
        }
        return pieces
    }
}
