import Foundation
import GRDB
import HealthCore
import HealthTesting
import Testing

@testable import HealthStorageSQLite

/// The exact SQL the compiler generates (GRDB style: compare the string).
@Suite struct PredicateCompilerTests {
    let start = Fixtures.date(2024, 3, 1)
    let end = Fixtures.date(2024, 3, 2)

    @Test func typeAndDateWindow() {
        let compiled = PredicateCompiler.compile(.type(.quantity(.stepCount)) && .date(start: start, end: end))
        #expect(
            compiled.sql
                == "(type_id IS (SELECT id FROM types WHERE kind = 0 AND identifier = ?)) AND (end_date >= ? AND "
                + "start_date >= ? - (SELECT IFNULL(MAX(max_duration), 0) FROM type_spans WHERE type_id IS "
                + "(SELECT id FROM types WHERE kind = 0 AND identifier = ?)) AND start_date < ?)"
        )
        #expect(
            compiled.arguments
                == [
                    QuantityTypeIdentifier.stepCount.rawValue, start.timeIntervalSinceReferenceDate,
                    start.timeIntervalSinceReferenceDate - 0.001, QuantityTypeIdentifier.stepCount.rawValue,
                    end.timeIntervalSinceReferenceDate,
                ])
        #expect(!compiled.needsResidual)
    }

    @Test func severalWindowsLeadWithTheirTightestStartRange() {
        let later = start.addingTimeInterval(3_600)
        let compiled = PredicateCompiler.compile(
            .type(.quantity(.stepCount)) && .date(start: start, end: end)
                && .date(start: later, end: nil, options: .strictStartDate))
        let span =
            "(SELECT IFNULL(MAX(max_duration), 0) FROM type_spans WHERE type_id IS "
            + "(SELECT id FROM types WHERE kind = 0 AND identifier = ?))"
        #expect(
            compiled.sql
                == "(start_date >= MAX(?, ?) - \(span) AND start_date < ?) AND "
                + "(type_id IS (SELECT id FROM types WHERE kind = 0 AND identifier = ?)) AND "
                + "(end_date >= ? AND start_date >= ? - \(span) AND start_date < ?) AND (start_date >= ?)")
        let step = QuantityTypeIdentifier.stepCount.rawValue
        let (s, l, e) = (
            start.timeIntervalSinceReferenceDate, later.timeIntervalSinceReferenceDate,
            end.timeIntervalSinceReferenceDate
        )
        #expect(
            compiled.arguments == [s - 0.001, l - 0.001, step, e, step, s, s - 0.001, step, e, l])
    }

    @Test func strictWindowSourceAndNegation() {
        let compiled = PredicateCompiler.compile(
            .date(start: start, end: end, options: [.strictStartDate, .strictEndDate]) && !.source(Fixtures.phone))
        #expect(
            compiled.sql
                == "(start_date >= ? AND end_date < ? AND start_date < ?) AND (NOT (source_id IS NOT NULL AND "
                + "source_id IN (SELECT id FROM sources WHERE bundle_id IN (?))))")
        // The strict end also bounds the start (decision 0027).
        let (s, e) = (start.timeIntervalSinceReferenceDate, end.timeIntervalSinceReferenceDate)
        #expect(compiled.arguments == [s, e, e, Fixtures.phone.bundleIdentifier.databaseValue])
    }

    @Test func metadataCategoryAndCorrelation() {
        let compiled = PredicateCompiler.compile(
            .metadata(.wasUserEntered, .equalTo, .bool(true)) || .categoryValue(.greaterThanOrEqualTo, 2)
                || .noCorrelation)
        #expect(
            compiled.sql
                == "(anchor IN (SELECT anchor FROM metadata WHERE key = ? AND ((kind IN (1, 2) AND number = ?)))) OR "
                + "(kind = 1 AND category_value >= ?) OR (correlation_uuid IS NULL)")
        #expect(!compiled.needsResidual)
    }

    @Test func quantityInANonCanonicalUnitConvertsAndKeepsOddUnitsForMemory() throws {
        let pounds = try HealthUnit(from: "lb")
        let compiled = PredicateCompiler.compile(.quantity(.greaterThan, Quantity(unit: pounds, doubleValue: 150)))
        let groups = CanonicalUnits.all.filter { $0.unit.isCompatible(with: pounds) }
        #expect(groups.map(\.string).sorted() == ["g", "kg"])
        let group = "(unit IS NULL AND type_id IN (SELECT id FROM types WHERE canonical_unit = ?) AND value > ?) OR "
        let decided = "kind = 0 AND (\(group)\(group)(unit IS ? AND original_value > ?))"
        #expect(compiled.sql == "(\(decided)) OR (kind = 0 AND unit IS NOT NULL AND unit <> ?)")
        #expect(compiled.needsResidual)
        let negated = PredicateCompiler.compile(!.quantity(.greaterThan, Quantity(unit: pounds, doubleValue: 150)))
        #expect(negated.sql == "NOT (\(decided))")
    }

    @Test func workoutsAndAssociations() {
        let workout = UUIDSequence.uuid(7)
        let compiled = PredicateCompiler.compile(
            .workoutActivityType(.running) && .workoutDuration(.lessThan, 600) || .associated(withWorkout: workout))
        #expect(
            compiled.sql
                == "((kind = 3 AND activity_type = ?) AND (kind = 3 AND duration < ?)) OR (uuid IN (SELECT sample_uuid "
                + "FROM workout_associations WHERE workout_uuid = ?) OR (route_workout_uuid IS NOT NULL AND "
                + "route_workout_uuid = ?))")
    }

    /// UUIDs are bound sorted by their bytes, which must be the order of their text (the statement's arguments are
    /// the same for the same set, whatever the set's order).
    @Test func uuidsAreBoundInTheOrderOfTheirText() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        let uuids = (0..<300).map { _ -> UUID in
            var bytes = [UInt8](repeating: 0, count: 16)
            for index in bytes.indices {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes[index] = UInt8(truncatingIfNeeded: state >> 56)
            }
            return bytes.withUnsafeBytes { UUID(uuid: $0.load(as: uuid_t.self)) }
        }
        let compiled = PredicateCompiler.compile(.uuids(Set(uuids)))
        let byText = uuids.sorted { $0.uuidString < $1.uuidString }
        #expect(compiled.arguments == StatementArguments(byText.map(\.databaseValue)))
    }

    @Test func emptySetsAndConstants() {
        #expect(PredicateCompiler.compile(.all).sql == "1")
        #expect(PredicateCompiler.compile(.none).sql == "0")
        #expect(PredicateCompiler.compile(.uuids([])).sql == "0")
        #expect(PredicateCompiler.compile(.type(.audiogram)).sql == "0")
    }
}
