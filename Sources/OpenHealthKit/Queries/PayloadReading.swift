import Foundation
import HealthCore
import HealthQuery

extension HKHealthStore {
    /// Reads a payload sample again by UUID, through the store's authorization: a query over a sample's content
    /// (voltages, beats) sees it only while the app may read its type and the sample still exists.
    /// - Throws: `HKError(.errorNoData)` when the sample is gone; the store's errors otherwise.
    func currentPayload(of sample: HKSample) async throws -> PayloadSample {
        let type = sample.engineSample.sampleType
        let uuid = sample.uuid
        let found = try await performRead { engine in
            try await engine.samples(of: type, predicate: .uuid(uuid), limit: 1)
        }
        guard let payload = found.first?.payloadSample else {
            throw HKError(.errorNoData, "\(type.identifier) \(uuid) is not in the store")
        }
        return payload
    }
}
