import Foundation
import HealthCore
import HealthQuery
import HealthStorage
import HealthTesting
import Testing

/// HealthStore's bulk-import entry point: validation through HealthCore's one path, the privileged identity.
/// (The storage side of bulk writes is the conformance suite's `bulk…` checks, run on every backend.)
@Suite("Bulk import")
struct BulkImportTests {
    static let source = SourceRevision(source: Fixtures.watch, productType: "Watch7,3")

    static func steps(_ n: UInt64, value: Double = 10) -> AnySample {
        let start = Fixtures.epoch.addingTimeInterval(Double(n) * 60)
        return .quantity(
            QuantitySample(
                uuid: UUIDSequence.uuid(n), type: .stepCount, quantity: Quantity(unit: .count(), doubleValue: value),
                start: start, end: start.addingTimeInterval(60), sourceRevision: source))
    }

    /// The next identity of a repeat in these tests: the UUID number plus 1,000.
    static func rename(_ sample: AnySample, _ occurrence: Int) -> AnySample {
        var renamed = sample
        let n = UInt64(sample.uuid.uuid.15) | UInt64(sample.uuid.uuid.14) << 8
        renamed.uuid = UUIDSequence.uuid(n + 1_000)
        return renamed
    }

    /// A store for the Health app's identity over a storage.
    static func store(_ storage: any SampleStorage) -> HealthStore {
        HealthStore(
            storage: storage, app: .healthApp, clock: ClosureClock { Fixtures.epoch }, calendar: Fixtures.calendar(),
            uuids: UUIDSequence(start: 1).next)
    }

    @Test func healthStoreValidatesAndOnlyAPrivilegedIdentityImports() async throws {
        let storage = InMemoryStorage()
        let store = BulkImportTests.store(storage)
        var backwards = Self.steps(2)
        if case .quantity(var sample) = backwards {
            sample.endDate = sample.startDate.addingTimeInterval(-60)
            backwards = .quantity(sample)
        }
        let batch = BulkBatch(samples: [Self.steps(1), backwards])
        let (outcomes, result) = try await store.bulkImport { sink in
            try await sink.write(batch, reidentify: Self.rename)
        }
        #expect(outcomes.count == 2)
        #expect(outcomes[0] == .inserted(UUIDSequence.uuid(1)))
        guard case .rejected(let issues) = outcomes[1] else {
            Issue.record("an invalid sample was not rejected")
            return
        }
        #expect(issues.map(\.rule) == [.dateOrder])
        #expect(result.inserted == 1)
        #expect(try await storage.count(matching: .all) == 1)

        let app = store.store(for: AppIdentity(bundleIdentifier: "com.example.app", name: "App"))
        await #expect(throws: HealthError.self) {
            _ = try await app.bulkImport { _ in 0 }
        }
    }

    /// The after-commit step (the importer's statistics) runs once, on the committed import, and observers are
    /// told of the import once, as without a step.
    @Test func theAfterCommitStepRunsOnceOnTheCommittedImport() async throws {
        let storage = InMemoryStorage()
        let store = BulkImportTests.store(storage)
        var updates = store.observe([.quantity(.stepCount)]).makeAsyncIterator()
        let seen = Locked<[(result: HealthBulkImportResult, stored: Int)]>([])
        let options = BulkImportOptions(afterCommit: { result in
            let stored = (try? await storage.count(matching: .all)) ?? -1
            seen.withLock { $0.append((result, stored)) }
        })
        let (_, result) = try await store.bulkImport(options: options) { sink in
            try await sink.write(BulkBatch(samples: [Self.steps(1), Self.steps(2)]), reidentify: Self.rename)
        }
        let steps = seen.withLock { $0 }
        #expect(steps.count == 1)
        #expect(steps.first?.result == result)
        #expect(steps.first?.stored == 2, "the step sees the committed samples")
        let first = await updates.next()
        #expect(first?.anchor == result.anchor && first?.types == [.quantity(.stepCount)])
        // Nothing else was announced: the next commit is the next update.
        _ = try await store.bulkImport { sink in
            try await sink.write(BulkBatch(samples: [Self.steps(3)]), reidentify: Self.rename)
        }
        #expect(await updates.next()?.anchor == result.anchor + 1)
    }

    /// A storage that predates the after-commit step returns without running it: the store runs it itself,
    /// once, after telling observers.
    @Test func theStepRunsOnceEvenWhenTheStorageDropsIt() async throws {
        let storage = StepIgnoringStorage()
        let store = BulkImportTests.store(storage)
        var updates = store.observe([.quantity(.stepCount)]).makeAsyncIterator()
        let seen = Locked<[HealthBulkImportResult]>([])
        let options = BulkImportOptions(afterCommit: { result in seen.withLock { $0.append(result) } })
        let (_, result) = try await store.bulkImport(options: options) { sink in
            try await sink.write(BulkBatch(samples: [Self.steps(1)]), reidentify: Self.rename)
        }
        try #require(seen.withLock { $0 } == [result], "the step ran once")
        #expect(await updates.next()?.anchor == result.anchor)
    }
}

/// Batches validated ahead, off the writing task, through the store's ``BulkValidator``.
@Suite("Bulk write: validated ahead")
struct BulkValidationTests {
    @Test func aBatchValidatedAheadKeepsItsPositionsAndOtherRulesAreAppliedAgain() async throws {
        let storage = InMemoryStorage()
        let earliest = Fixtures.epoch.addingTimeInterval(90)
        let store = HealthStore(
            storage: storage, app: .healthApp, clock: ClosureClock { Fixtures.epoch }, calendar: Fixtures.calendar(),
            uuids: UUIDSequence(start: 9_000).next,
            validationOptions: ValidationOptions(earliestPermittedSampleDate: earliest))
        var backwards = BulkImportTests.steps(3)
        if case .quantity(var sample) = backwards {
            sample.endDate = sample.startDate.addingTimeInterval(-60)
            backwards = .quantity(sample)
        }
        // Sample 1 starts before the store's earliest permitted date; 3 ends before it starts.
        let batch = BulkBatch(samples: [BulkImportTests.steps(1), BulkImportTests.steps(2), backwards])
        let ahead = store.bulkValidator.validate(batch)
        #expect(ahead.count == 3)
        #expect(ahead.valid.samples.map { $0.uuid } == [UUIDSequence.uuid(2)])
        #expect(Set(ahead.rejected.keys) == [0, 2])
        // A sample without a source revision gets the importing identity's, also after an invalid one.
        var anonymous = BulkImportTests.steps(4)
        anonymous.sourceRevision = nil
        let filled = store.bulkValidator.validate(BulkBatch(samples: [BulkImportTests.steps(1), anonymous]))
        #expect(filled.valid.samples.map { $0.sourceRevision } == [store.bulkValidator.revision])
        #expect(Set(filled.rejected.keys) == [0])
        let leading = store.bulkValidator.validate(BulkBatch(samples: [anonymous, BulkImportTests.steps(2)]))
        #expect(
            leading.valid.samples.map { $0.sourceRevision } == [store.bulkValidator.revision, BulkImportTests.source])
        #expect(leading.rejected.isEmpty)
        // A validator with laxer rules (another store's) is not trusted: the sink applies its own again.
        let lax = BulkValidator(options: .default, revision: store.bulkValidator.revision).validate(batch)
        #expect(lax.valid.samples.count == 2)
        let (outcomes, result) = try await store.bulkImport { sink in
            (
                try await sink.write(ahead, reidentify: BulkImportTests.rename),
                try await sink.write(lax, reidentify: BulkImportTests.rename)
            )
        }
        for list in [outcomes.0, outcomes.1] {
            #expect(list.count == 3)
            guard case .rejected(let early) = list[0], case .rejected(let order) = list[2] else {
                Issue.record("the invalid samples were not rejected in place: \(list)")
                continue
            }
            #expect(early.map { $0.rule } == [ValidationRule.earliestDate])
            #expect(order.map { $0.rule } == [ValidationRule.dateOrder])
        }
        #expect(outcomes.0[1] == HealthBulkOutcome.inserted(UUIDSequence.uuid(2)))
        #expect(
            outcomes.1[1] == HealthBulkOutcome.inserted(UUIDSequence.uuid(1_002)), "a repeat within the run is renamed")
        #expect(try await storage.count(matching: .all) == result.inserted)
    }
}
