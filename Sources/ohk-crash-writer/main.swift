// ohk-crash-writer PATH BATCH-SIZE SEED
//
// Writes batches of step samples to the SQLite store at PATH forever, one commit per batch, and prints each
// batch number on its own line once its commit has returned. The crash test in HealthStorageSQLiteTests kills
// it with SIGKILL at random points and then checks that the store holds only whole batches, including every
// batch that was printed. Deterministic: UUIDs and dates come from SEED, never from the clock.
import Foundation
import HealthCore
import HealthStorage
import HealthStorageSQLite

/// SplitMix64, so UUIDs are reproducible from the seed.
struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uuid() -> UUID {
        let a = next()
        let b = next()
        func byte(_ value: UInt64, _ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: value >> (index * 8)) }
        return UUID(
            uuid: (
                byte(a, 0), byte(a, 1), byte(a, 2), byte(a, 3), byte(a, 4), byte(a, 5), byte(a, 6) & 0x0F | 0x40,
                byte(a, 7), byte(b, 0) & 0x3F | 0x80, byte(b, 1), byte(b, 2), byte(b, 3), byte(b, 4), byte(b, 5),
                byte(b, 6), byte(b, 7)
            ))
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let batchSize = Int(arguments[2]), batchSize > 0, let seed = UInt64(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: ohk-crash-writer PATH BATCH-SIZE SEED\n".utf8))
    exit(2)
}
let storage: SQLiteStorage
do {
    storage = try SQLiteStorage(path: arguments[1])
} catch {
    FileHandle.standardError.write(Data("ohk-crash-writer: \(error)\n".utf8))
    exit(1)
}
var generator = Generator(state: seed)
let source = SourceRevision(source: Source(name: "Crash Writer", bundleIdentifier: "org.openhealthkit.crash-writer"))
var batch: UInt64 = 0
while true {
    let id = seed * 1_000_000 + batch
    let samples = (0..<batchSize).map { index in
        let start = Date(timeIntervalSinceReferenceDate: Double(id) * 60 + Double(index))
        return AnySample.quantity(
            QuantitySample(
                uuid: generator.uuid(), type: .stepCount,
                quantity: Quantity(unit: .count(), doubleValue: Double(index)),
                start: start, end: start.addingTimeInterval(1), metadata: [MetadataKey("batch"): .number(Double(id))],
                sourceRevision: source))
    }
    do {
        _ = try await storage.commit(StorageCommit(inserts: samples))
    } catch {
        FileHandle.standardError.write(Data("ohk-crash-writer: \(error)\n".utf8))
        exit(1)
    }
    FileHandle.standardOutput.write(Data("\(id)\n".utf8))
    batch += 1
}
