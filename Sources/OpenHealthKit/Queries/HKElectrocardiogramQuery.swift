public import Foundation
import HealthCore

/// Streams the voltages of an electrocardiogram: HealthKit's `HKElectrocardiogramQuery`.
///
/// ```swift
/// let query = HKElectrocardiogramQuery(ecg) { query, result in
///     switch result {
///     case .measurement(let measurement):
///         let microvolts = measurement.quantity(for: .appleWatchSimilarToLeadI)?.doubleValue(for: .voltUnit(with: .micro))
///     case .done: break
///     case .error(let error): print(error)
///     }
/// }
/// store.execute(query)
/// ```
public final class HKElectrocardiogramQuery: HKQuery, @unchecked Sendable {
    /// What the handler receives.
    public enum Result: @unchecked Sendable {
        /// One voltage measurement, in order.
        case measurement(HKElectrocardiogram.VoltageMeasurement)
        /// Every measurement was delivered.
        case done
        /// The query failed; nothing more follows.
        case error(any Error)
    }

    private let electrocardiogram: HKElectrocardiogram
    private let deliverResult: @Sendable (HKElectrocardiogramQuery, Result) -> Void

    /// Creates a query (the Swift form: one handler taking a ``Result``).
    public convenience init(
        _ ecg: HKElectrocardiogram, dataHandler: @escaping @Sendable (HKElectrocardiogramQuery, Result) -> Void
    ) {
        self.init(electrocardiogram: ecg, result: dataHandler)
    }

    /// Creates a query (the Objective-C form: measurement, done and error).
    public convenience init(
        electrocardiogram: HKElectrocardiogram,
        dataHandler:
            @escaping @Sendable (HKElectrocardiogramQuery, HKElectrocardiogram.VoltageMeasurement?, Bool, (any Error)?)
            ->
            Void
    ) {
        self.init(electrocardiogram: electrocardiogram) { query, result in
            switch result {
            case .measurement(let measurement): dataHandler(query, measurement, false, nil)
            case .done: dataHandler(query, nil, true, nil)
            case .error(let error): dataHandler(query, nil, true, error)
            }
        }
    }

    private init(
        electrocardiogram: HKElectrocardiogram, result: @escaping @Sendable (HKElectrocardiogramQuery, Result) -> Void
    ) {
        self.electrocardiogram = electrocardiogram
        self.deliverResult = result
        super.init(objectType: HKObjectType.electrocardiogramType(), predicate: nil)
    }

    override func prepare(on store: HKHealthStore) -> @Sendable () async -> Void {
        { [self] in
            do {
                let current = try await store.currentPayload(of: electrocardiogram)
                for measurement in HKElectrocardiogram(value: .payload(current)).measurements {
                    if isStopped || Task.isCancelled { return }
                    deliver { deliverResult(self, .measurement(measurement)) }
                }
                deliver { deliverResult(self, .done) }
            } catch {
                deliver { deliverResult(self, .error(error)) }
            }
        }
    }
}

/// The voltages of an electrocardiogram as an `AsyncSequence`: HealthKit's `HKElectrocardiogramQueryDescriptor`.
public struct HKElectrocardiogramQueryDescriptor: HKAsyncSequenceQuery, @unchecked Sendable {
    /// The electrocardiogram to read.
    public let electrocardiogram: HKElectrocardiogram

    /// Creates a descriptor for an electrocardiogram.
    public init(_ electrocardiogram: HKElectrocardiogram) { self.electrocardiogram = electrocardiogram }

    /// The voltage measurements, in order.
    public func results(for healthStore: HKHealthStore) -> HKQueryResults<HKElectrocardiogram.VoltageMeasurement> {
        let sample = electrocardiogram
        return HKQueryResults(
            stream: AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        let current = try await healthStore.currentPayload(of: sample)
                        for measurement in HKElectrocardiogram(value: .payload(current)).measurements {
                            continuation.yield(measurement)
                        }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            })
    }
}
