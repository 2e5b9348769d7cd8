import Foundation
import HealthCore
import HealthStorage

/// The payloads of a bulk batch's samples, encoded ahead by ``SQLiteStorage/bulkPreparer`` on the producer's
/// thread (decision 0019): the writer binds them instead of running `JSONEncoder` on its own thread.
struct PreparedPayloads: Sendable {
    /// One sample's payload.
    enum Entry: Sendable, Equatable {
        /// The sample has no payload (its columns hold all of it).
        case none
        /// The payload's bytes, as ``SampleCodec/payload(_:)`` encodes them.
        case encoded(Data)
        /// Not encoded ahead (its encoding failed, or nothing was prepared): the writer encodes it, and reports
        /// the failure as it always did.
        case unprepared
    }

    /// One entry per sample, in the batch's order.
    let entries: [Entry]

    /// Entries made elsewhere (tests).
    init(entries: [Entry]) {
        self.entries = entries
    }

    /// Encodes each sample's payload. Correlations are left to the writer, which writes their members first.
    init(_ samples: [AnySample]) {
        entries = samples.map { sample in
            // By kind first: reading `correlation` would copy every sample.
            switch SampleKind(sample) {
            case .category: return .none
            case .correlation: return .unprepared
            case .quantity, .workout, .route, .payload: break
            }
            do {
                guard let payload = try SampleCodec.payload(sample) else { return .none }
                return .encoded(payload)
            } catch {
                return .unprepared
            }
        }
    }
}
