import Foundation
import HealthQuery
public import HealthRuntime
import Synchronization

/// Opens each person's store through HealthRuntime and keeps it open while the server runs: one database per
/// person (its own SQLite file in the data folder), so one person's data is never in another's store.
public final class PersonDirectory: Sendable {
    private let data: ServerConfiguration.DataLocation
    private let runtime: HealthRuntime
    private let open = Mutex<[String: OpenDatabase]>([:])

    /// A directory over a data location.
    public init(data: ServerConfiguration.DataLocation, runtime: HealthRuntime = .shared) {
        self.data = data
        self.runtime = runtime
    }

    /// The server's own database (the registry's key–value area).
    public func serverDatabase() throws -> OpenDatabase {
        switch data {
        case .folder(let folder): try runtime.open(.sqlite(folder + "/server.sqlite"))
        case .memory(let name): runtime.memory("\(name)/server")
        }
    }

    /// The location of a person's store.
    public func location(of person: String) -> StoreLocation {
        switch data {
        case .folder(let folder): .sqlite(folder + "/people/\(person).sqlite")
        case .memory(let name): .memory("\(name)/people/\(person)")
        }
    }

    /// A person's open database, opened (and created) on first use.
    /// - Throws: ``HealthRuntime/RuntimeError`` when the store cannot be opened.
    public func database(of person: String) throws -> OpenDatabase {
        if let held = open.withLock({ $0[person] }) { return held }
        let opened = try runtime.open(location(of: person))
        return open.withLock { open in
            if let held = open[person] { return held }
            open[person] = opened
            return opened
        }
    }
}
