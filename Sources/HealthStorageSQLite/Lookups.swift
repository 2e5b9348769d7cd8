import Foundation
import GRDB
import HealthCore
import HealthStorage

/// The catalog's canonical units by the spelling the `types.canonical_unit` column records (the catalog parses
/// each once; nothing is parsed here).
enum CanonicalUnits {
    static let byString: [String: HealthUnit] = Dictionary(
        QuantityTypeCatalog.all.map { ($0.canonicalUnitString, $0.canonicalUnit) },
        uniquingKeysWith: { first, _ in first })

    /// Every distinct canonical unit with its recorded spelling.
    static let all: [(string: String, unit: HealthUnit)] = byString.sorted { $0.key < $1.key }.map {
        ($0.key, $0.value)
    }
}

/// A decoded row of `types`.
struct TypeRow: Sendable {
    var sampleType: SampleType
    var canonical: HealthUnit?
}

/// Committed rows of the small tables by id. Committed rows never change, so caching them is safe.
final class Lookups: Sendable {
    private let types = Locked<[Int64: TypeRow]>([:])
    private let sources = Locked<[Int64: Source]>([:])
    private let devices = Locked<[Int64: Device]>([:])
    private let revisions = Locked<[Int64: SourceRevision]>([:])
    private let units = Locked<[String: HealthUnit]>([:])

    func type(_ id: Int64, _ db: Database) throws -> TypeRow {
        if let row = types.withLock({ $0[id] }) { return row }
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT kind, identifier, canonical_unit FROM types WHERE id = ?", arguments: [id])
        else { throw StorageDecodingError(what: "type \(id)") }
        let key = TypeKey(kind: row[0], identifier: row[1])
        let canonical = (row[2] as String?).flatMap { CanonicalUnits.byString[$0] }
        let decoded = TypeRow(sampleType: key.sampleType, canonical: canonical)
        types.withLock { $0[id] = decoded }
        return decoded
    }

    func source(_ id: Int64, _ db: Database) throws -> Source {
        if let source = sources.withLock({ $0[id] }) { return source }
        guard let row = try Row.fetchOne(db, sql: "SELECT name, bundle_id FROM sources WHERE id = ?", arguments: [id])
        else { throw StorageDecodingError(what: "source \(id)") }
        let source = Source(name: row[0], bundleIdentifier: row[1])
        sources.withLock { $0[id] = source }
        return source
    }

    /// A `revisions` row as the sample's source revision: its source, named as the row says when it overrides the
    /// registered name.
    func revision(_ id: Int64, _ db: Database) throws -> SourceRevision {
        if let revision = revisions.withLock({ $0[id] }) { return revision }
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT source_id, name, version, product_type, os_version FROM revisions WHERE id = ?",
                arguments: [id])
        else { throw StorageDecodingError(what: "revision \(id)") }
        var source = try self.source(row[0], db)
        if let name = row[1] as String? { source.name = name }
        var os: OSVersion?
        if let string = row[4] as String? {
            guard let version = OSVersion(string) else {
                throw StorageDecodingError(what: "os version of revision \(id)")
            }
            os = version
        }
        let revision = SourceRevision(source: source, version: row[2], productType: row[3], operatingSystemVersion: os)
        revisions.withLock { $0[id] = revision }
        return revision
    }

    func device(_ id: Int64, _ db: Database) throws -> Device {
        if let device = devices.withLock({ $0[id] }) { return device }
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT name, manufacturer, model, hardware_version, firmware_version, software_version,
                        local_identifier, udi_device_identifier FROM devices WHERE id = ?
                    """, arguments: [id])
        else { throw StorageDecodingError(what: "device \(id)") }
        let device = Device(
            name: row[0], manufacturer: row[1], model: row[2], hardwareVersion: row[3], firmwareVersion: row[4],
            softwareVersion: row[5], localIdentifier: row[6], udiDeviceIdentifier: row[7])
        devices.withLock { $0[id] = device }
        return device
    }

    func unit(_ string: String) throws -> HealthUnit {
        if let unit = units.withLock({ $0[string] }) { return unit }
        guard let unit = try? HealthUnit(from: string) else { throw StorageDecodingError(what: "unit \(string)") }
        units.withLock { $0[string] = unit }
        return unit
    }
}

extension TypeKey {
    init(kind: Int64, identifier: String) {
        self.init(rawKind: kind, identifier: identifier)
    }
}

/// A stored row that does not decode (a damaged or foreign file); names the row, never a value.
struct StorageDecodingError: Error {
    var what: String
}

/// Ids resolved by the writer. Only used on the writer's serialized queue (hence `@unchecked Sendable`) and
/// reset after a failed transaction, whose inserted ids SQLite may hand out again.
final class WriteCache: @unchecked Sendable {
    private var types: [TypeKey: (id: Int64, canonical: HealthUnit?)] = [:]
    private var sources: [String: (id: Int64, name: String)] = [:]
    private var sourceCount: Int64?
    private var devices: [Device: Int64] = [:]
    private var revisions: [SourceRevision: Int64] = [:]

    func reset() {
        types = [:]
        sources = [:]
        sourceCount = nil
        devices = [:]
        revisions = [:]
    }

    func typeID(_ key: TypeKey, _ db: Database) throws -> (id: Int64, canonical: HealthUnit?) {
        if let known = types[key] { return known }
        let canonicalString = key.canonicalUnitString
        let canonical = canonicalString.flatMap { CanonicalUnits.byString[$0] }
        let id: Int64
        if let existing = try Int64.fetchOne(
            db, sql: "SELECT id FROM types WHERE kind = ? AND identifier = ?", arguments: [key.kind, key.identifier])
        {
            id = existing
        } else {
            try db.execute(
                sql: "INSERT INTO types (kind, identifier, canonical_unit) VALUES (?, ?, ?)",
                arguments: [key.kind, key.identifier, canonical == nil ? nil : canonicalString])
            id = db.lastInsertedRowID
        }
        types[key] = (id, canonical)
        return (id, canonical)
    }

    /// The source's id, registering it (first-seen order) when new; and the registered name.
    func sourceID(_ revision: SourceRevision, _ db: Database) throws -> (id: Int64, name: String) {
        let bundle = revision.source.bundleIdentifier
        if let known = sources[bundle] { return known }
        if let row = try Row.fetchOne(db, sql: "SELECT id, name FROM sources WHERE bundle_id = ?", arguments: [bundle])
        {
            let known: (Int64, String) = (row[0], row[1])
            sources[bundle] = known
            return known
        }
        let count = try sourceCount ?? (Int64.fetchOne(db, sql: "SELECT COUNT(*) FROM sources") ?? 0)
        try db.execute(
            sql: "INSERT INTO sources (bundle_id, name, registration_order, product_type) VALUES (?, ?, ?, ?)",
            arguments: [bundle, revision.source.name, count + 1, revision.productType])
        sourceCount = count + 1
        let known = (db.lastInsertedRowID, revision.source.name)
        sources[bundle] = known
        return known
    }

    /// The id of the `revisions` row of `revision`, whose source is `sourceID` (registered as `registeredName`),
    /// inserting the row when new.
    func revisionID(
        _ revision: SourceRevision, sourceID: Int64, registeredName: String, _ db: Database
    ) throws -> Int64 {
        if let known = revisions[revision] { return known }
        let name = revision.source.name == registeredName ? nil : revision.source.name
        let values: StatementArguments = [
            sourceID, revision.version, revision.operatingSystemVersion?.description, revision.productType, name,
        ]
        let id: Int64
        if let existing = try Int64.fetchOne(
            db,
            sql: """
                SELECT id FROM revisions WHERE source_id = ? AND version IS ? AND os_version IS ?
                    AND product_type IS ? AND name IS ?
                """, arguments: values)
        {
            id = existing
        } else {
            try db.execute(
                sql:
                    "INSERT INTO revisions (source_id, version, os_version, product_type, name) VALUES (?, ?, ?, ?, ?)",
                arguments: values)
            id = db.lastInsertedRowID
        }
        revisions[revision] = id
        return id
    }

    func deviceID(_ device: Device, _ db: Database) throws -> Int64 {
        if let known = devices[device] { return known }
        let key = try DeviceKey.key(device)
        let id: Int64
        if let existing = try Int64.fetchOne(db, sql: "SELECT id FROM devices WHERE key = ?", arguments: [key]) {
            id = existing
        } else {
            try db.execute(
                sql: """
                    INSERT INTO devices (key, name, manufacturer, model, hardware_version, firmware_version,
                        software_version, local_identifier, udi_device_identifier) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    key, device.name, device.manufacturer, device.model, device.hardwareVersion,
                    device.firmwareVersion, device.softwareVersion, device.localIdentifier, device.udiDeviceIdentifier,
                ])
            id = db.lastInsertedRowID
        }
        devices[device] = id
        return id
    }
}

/// The canonical key of a device: a JSON array of its 8 properties in `Device.PropertyKey` order, nil as null.
enum DeviceKey {
    static func key(_ device: Device) throws -> String {
        let values = Device.PropertyKey.allCases.map { device[$0] }
        return String(decoding: try StoredJSON.encoder().encode(values), as: UTF8.self)
    }

    /// The `devices` column of a property.
    static func column(_ key: Device.PropertyKey) -> String {
        switch key {
        case .name: "name"
        case .manufacturer: "manufacturer"
        case .model: "model"
        case .hardwareVersion: "hardware_version"
        case .firmwareVersion: "firmware_version"
        case .softwareVersion: "software_version"
        case .localIdentifier: "local_identifier"
        case .udiDeviceIdentifier: "udi_device_identifier"
        }
    }
}
