public import Foundation
import HealthCore
import HealthQuery
import HealthRuntime

extension HKHealthStore {
    /// Which database an ``HKHealthStore`` opens, as which app, who answers the permission sheet, and where time,
    /// calendar and identities come from. OpenHealthKit only: HealthKit has one database per device and reads
    /// the app's identity from its bundle.
    ///
    /// ``HKHealthStore/init()`` uses ``current``: a task-local value that defaults to ``environment`` (the per-user
    /// SQLite file, see <doc:WhichStore>). Tests run app code unchanged against an in-memory store:
    ///
    /// ```swift
    /// let config = HKHealthStore.Configuration.inMemory(
    ///     app: .init(bundleIdentifier: "com.example.steps", name: "Steps"), now: { fixedNow })
    /// try await HKHealthStore.Configuration.$current.withValue(config) {
    ///     let store = HKHealthStore()          // the in-memory store, as com.example.steps
    ///     try await store.requestAuthorization(toShare: [HKQuantityType(.stepCount)], read: [])
    /// }
    /// ```
    ///
    /// Stores opened on the same ``Database`` share one engine (one storage and one change hub), so an observer
    /// query of one app fires for another app's save; stores of the same app on the same database also share their
    /// grants. While any store of an app on a database is alive, later configurations for that app on that database
    /// reuse its clock, calendar, UUID source and authorization policy.
    public struct Configuration: Sendable {
        /// Where the database lives.
        public enum Database: Sendable, Hashable {
            /// A SQLite file shared by every app (and every process) that opens the same path.
            case file(path: String)
            /// An in-memory database shared by every store of this process that opens the same name; it lives until
            /// the process ends.
            case inMemory(name: String)
            /// Any store location the `ohk` tool takes: a file path, `memory:NAME` or `postgres://…?person=NAME`.
            case location(String)
        }

        /// The app's identity: its source in the database and its Info.plist usage descriptions.
        public struct App: Sendable, Hashable {
            /// The bundle identifier (the source's identity).
            public var bundleIdentifier: String
            /// The display name (the source's name).
            public var name: String
            /// The app version stamped on saved samples.
            public var version: String?
            /// `NSHealthShareUsageDescription`: without it, requesting read access fails.
            public var shareUsageDescription: String?
            /// `NSHealthUpdateUsageDescription`: without it, requesting write access fails.
            public var updateUsageDescription: String?
            /// The product type of the device the app runs on, e.g. `"iPhone16,2"`.
            public var productType: String?

            /// Creates an identity; the usage descriptions default to non-empty texts.
            public init(
                bundleIdentifier: String,
                name: String,
                version: String? = nil,
                shareUsageDescription: String? = "Reads your health data.",
                updateUsageDescription: String? = "Saves your health data.",
                productType: String? = nil
            ) {
                self.bundleIdentifier = bundleIdentifier
                self.name = name
                self.version = version
                self.shareUsageDescription = shareUsageDescription
                self.updateUsageDescription = updateUsageDescription
                self.productType = productType
            }

            var identity: AppIdentity {
                AppIdentity(
                    bundleIdentifier: bundleIdentifier, name: name, version: version, productType: productType,
                    shareUsageDescription: shareUsageDescription, updateUsageDescription: updateUsageDescription)
            }
        }

        /// Who answers the permission sheet (the person, simulated). Never waits.
        public struct Authorization: Sendable {
            let policy: AuthorizationPolicy

            /// Grants every type asked for (the default).
            public static let grantAll = Authorization(policy: .grantAll)
            /// Denies every type asked for (`OHK_AUTHORIZATION=deny`).
            public static let denyAll = Authorization(policy: .denyAll)

            /// Grants only these types (for writing and reading separately) and denies the rest.
            public static func grant(share: Set<HKSampleType>, read: Set<HKObjectType>) -> Authorization {
                Authorization(
                    policy: .perType(share: Set(share.map(\.engineType)), read: Set(read.map(\.engineType))))
            }

            /// Answers with a closure: given the types asked for (not decided before), return those granted.
            public static func custom(
                _ decide:
                    @escaping @Sendable (_ share: Set<HKObjectType>, _ read: Set<HKObjectType>) -> (
                        share: Set<HKObjectType>, read: Set<HKObjectType>
                    )
            ) -> Authorization {
                Authorization(
                    policy: AuthorizationPolicy { request in
                        let answer = decide(
                            Set(request.share.map(HKObjectType.make)), Set(request.read.map(HKObjectType.make)))
                        return AuthorizationDecision(
                            share: Set(answer.share.map(\.engineType)), read: Set(answer.read.map(\.engineType)))
                    })
            }
        }

        /// The database.
        public var database: Database
        /// The app.
        public var app: App
        /// Who answers the permission sheet.
        public var authorization: Authorization
        /// The clock.
        public var now: @Sendable () -> Date
        /// The calendar and time zone of calendar queries (statistics collections).
        public var calendar: Calendar
        /// The identities of new objects (samples, workouts, routes, activities).
        public var makeUUID: @Sendable () -> UUID
        /// `HKDevice.local()`.
        public var localDevice: HKDevice
        /// `earliestPermittedSampleDate()`: older samples are refused on save (nil: none).
        public var earliestPermittedSampleDate: Date?
        /// `preferredUnits(for:)` per quantity type identifier; types not listed answer their canonical unit.
        public var preferredUnits: [HKQuantityTypeIdentifier: String]

        /// Creates a configuration.
        public init(
            database: Database,
            app: App,
            authorization: Authorization = .grantAll,
            now: @escaping @Sendable () -> Date,
            calendar: Calendar,
            makeUUID: @escaping @Sendable () -> UUID,
            localDevice: HKDevice = HKDevice(
                name: "Linux", manufacturer: nil, model: "Computer", hardwareVersion: nil, firmwareVersion: nil,
                softwareVersion: nil, localIdentifier: nil, udiDeviceIdentifier: nil),
            earliestPermittedSampleDate: Date? = nil,
            preferredUnits: [HKQuantityTypeIdentifier: String] = [:]
        ) {
            self.database = database
            self.app = app
            self.authorization = authorization
            self.now = now
            self.calendar = calendar
            self.makeUUID = makeUUID
            self.localDevice = localDevice
            self.earliestPermittedSampleDate = earliestPermittedSampleDate
            self.preferredUnits = preferredUnits
        }
    }
}
