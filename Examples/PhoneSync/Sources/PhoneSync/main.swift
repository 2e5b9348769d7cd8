import Foundation
import HealthKit

// PhoneSync's flow: a simulated phone (a week carried by an iPhone and an Apple Watch) mirrored into a running
// `ohk serve`. This file is the composition root.
//
//   swift run ohk server add-person ana
//   PHONE=$(swift run ohk server issue-token --person ana --mirror anas-iphone)
//   swift run ohk serve &
//   OHK_SYNC_TOKEN=$PHONE swift run PhoneSync [http://127.0.0.1:8080]

let environment = ProcessInfo.processInfo.environment
guard let token = environment["OHK_SYNC_TOKEN"], !token.isEmpty else {
    print("PhoneSync needs a device's mirror token in OHK_SYNC_TOKEN:")
    print("  swift run ohk server issue-token --person ana --mirror anas-iphone")
    exit(2)
}
let server = URL(string: CommandLine.arguments.dropFirst().first ?? "http://127.0.0.1:8080")
guard let server, server.scheme == "http" || server.scheme == "https" else {
    print("the server must be an http:// or https:// URL")
    exit(2)
}
let calendar = Calendar.current  // live: composition root
let now = Date()  // live: composition root
let phone = HKHealthStore(
    configuration: .inMemory(
        app: .init(bundleIdentifier: "com.example.PhoneSync", name: "PhoneSync"), calendar: calendar))
let today = calendar.startOfDay(for: now)
for offset in 1...7 {
    let day = calendar.date(byAdding: .day, value: -offset, to: today) ?? today
    try await phone.fillWithSimulation(.phoneAndWatchDay(on: day), seed: UInt64(offset))
}
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("PhoneSync-\(getpid())")
let app = try PhoneSyncApp(
    store: phone, server: server, token: token, device: environment["OHK_SYNC_DEVICE"] ?? "anas-iphone",
    folder: folder, now: { Date() }, random: { Double.random(in: 0..<1) })  // live: composition root
print(PhoneSyncApp.report(try await app.launch()))
try? FileManager.default.removeItem(at: folder)
