import Foundation
import HealthKit
import HealthSync

/// A phone app's sync screen, as logic: it mirrors the phone's steps, heart rate, energy and sleep into the person's
/// server with HealthSync and reports how each type stands. In an iOS app the same code runs against Apple's
/// HealthKit (README "Wiring HealthSync into an iOS app"); here the phone is OpenHealthKit.
struct PhoneSyncApp {
    static let types: [HKSampleType] = [
        HKQuantityType(.stepCount), HKQuantityType(.heartRate), HKQuantityType(.activeEnergyBurned),
        HKCategoryType(.sleepAnalysis),
    ]

    let sync: HealthSync

    /// - Parameters:
    ///   - store: The phone's HealthKit store.
    ///   - server: The server (`ohk serve`).
    ///   - token: The device's mirror token (`ohk server issue-token --person P --mirror DEVICE`).
    ///   - device: The device name the token was issued for.
    ///   - folder: HealthSync's folder (anchors, outbox).
    init(
        store: HKHealthStore, server: URL, token: String, device: String, folder: URL,
        now: @escaping @Sendable () -> Date, random: @escaping @Sendable () -> Double
    ) throws {
        let configuration = HealthSyncConfiguration(
            server: server, token: token, device: device, types: Self.types, folder: folder, now: now, random: random)
        sync = try HealthSync(store: store, configuration: configuration)
    }

    /// Asks to read the types, registers the observers (so later changes sync as they happen), syncs what is there.
    func launch() async throws -> [SyncTypeDiagnostics] {
        try await sync.requestAuthorization()
        try await sync.start()
        await sync.syncNow()
        return await sync.diagnostics()
    }

    /// One line per type: its identifier's short name, state, samples sent, items refused, the last problem.
    static func report(_ diagnostics: [SyncTypeDiagnostics]) -> String {
        diagnostics.map { type in
            let name = type.type.replacingOccurrences(of: "HKQuantityTypeIdentifier", with: "")
                .replacingOccurrences(of: "HKCategoryTypeIdentifier", with: "")
            let problem = type.lastError.map { "  (\($0))" } ?? ""
            return "\(name.padding(toLength: 20, withPad: " ", startingAt: 0)) \(type.state.rawValue): "
                + "\(type.sent) sent, \(type.rejected) refused\(type.backfillDone ? ", history complete" : "")\(problem)"
        }.joined(separator: "\n")
    }
}
