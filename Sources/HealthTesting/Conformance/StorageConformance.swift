import Foundation
import HealthCore
public import HealthStorage

/// The storage contract as executable checks: every ``SampleStorage`` backend must pass all of them.
///
/// ```swift
/// @Test(arguments: StorageConformance.checks.map(\.name))
/// func conformance(_ name: String) async throws {
///     try await StorageConformance.run(name, on: InMemorySubject())
/// }
/// ```
public enum StorageConformance {
    /// One named check.
    public struct Check: Sendable {
        /// The check's name (stable, used as a test argument).
        public let name: String
        /// The check: throws ``ConformanceFailure`` when the backend misbehaves.
        public let run: @Sendable (any StorageSubject) async throws -> Void
    }

    /// Every check.
    public static let checks: [Check] =
        basicChecks + payloadChecks + changeChecks + relationChecks + restartChecks + bulkChecks + afterCommitChecks
        + settingsChecks

    /// Runs one check by name.
    public static func run(_ name: String, on subject: any StorageSubject) async throws {
        guard let check = checks.first(where: { $0.name == name }) else {
            throw ConformanceFailure(check: name, message: "no such check")
        }
        try await check.run(subject)
    }
}

/// A backend under test: makes fresh stores and reopens them (a process restart for a persistent backend).
public protocol StorageSubject: Sendable {
    /// A new, empty store.
    func makeStorage() async throws -> any SampleStorage
    /// The same store after closing and opening it again; a memory-only backend returns it unchanged.
    func reopen(_ storage: any SampleStorage) async throws -> any SampleStorage
    /// The store's access paths (index name → definition) for the checks that a first bulk import drops and
    /// rebuilds them exactly; a backend without indexes returns an empty dictionary.
    func accessPaths(of storage: any SampleStorage) async throws -> [String: String]
}

extension StorageSubject {
    /// No access paths (a memory-only backend).
    public func accessPaths(of storage: any SampleStorage) async throws -> [String: String] { [:] }
}

/// The in-memory backend as a conformance subject.
public struct InMemorySubject: StorageSubject {
    /// Creates the subject.
    public init() {}
    /// A new in-memory store.
    public func makeStorage() async throws -> any SampleStorage { InMemoryStorage() }
    /// The same store (memory has no restart).
    public func reopen(_ storage: any SampleStorage) async throws -> any SampleStorage { storage }
}

/// A conformance check that failed.
public struct ConformanceFailure: Error, CustomStringConvertible {
    /// The check's name.
    public var check: String
    /// What was wrong.
    public var message: String
    /// `check: message`.
    public var description: String { "\(check): \(message)" }
}

/// Throws a ``ConformanceFailure`` unless the condition holds.
func require(
    _ condition: @autoclosure () -> Bool,
    _ check: String,
    _ message: @autoclosure () -> String
) throws {
    if !condition() { throw ConformanceFailure(check: check, message: message()) }
}

/// Shared sample material for the checks.
struct Material {
    let build = SampleBuilder(uuids: UUIDSequence(start: 1000))
    let t0 = Fixtures.date(2024, 3, 10, 8)

    func at(_ minutes: Double) -> Date { t0.addingTimeInterval(minutes * 60) }

    func steps(_ value: Double, _ from: Double, _ to: Double, _ source: Source = Fixtures.watch) -> AnySample {
        .quantity(build.steps(value, start: at(from), end: at(to), source: source))
    }

    func heartRate(_ value: Double, _ at: Double, _ source: Source = Fixtures.watch) -> AnySample {
        let unit = (try? HealthUnit(from: "count/min")) ?? .count()
        return .quantity(build.quantity(.heartRate, value, unit, start: self.at(at), source: source))
    }
}
