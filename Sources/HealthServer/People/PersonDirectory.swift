import Foundation
import HealthCore
import HealthQuery
public import HealthRuntime

/// Opens each person's store through HealthRuntime and keeps it open while the server runs: one store per person
/// (its own SQLite file in the data folder, or its own person of one PostgreSQL database, where row-level
/// security keeps people apart), so one person's data is never reachable from another's store.
public final class PersonDirectory: Sendable {
    private let data: ServerConfiguration.DataLocation
    private let runtime: HealthRuntime
    private let open = Locked<[String: OpenDatabase]>([:])

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
        case .postgres(let url): try runtime.open(.init(.postgres(url: Self.url(url, person: "_server"))))
        case .personal(let store): runtime.memory("personal-\(store.description)/server")
        }
    }

    /// The location of a person's store.
    public func location(of person: String) -> StoreLocation {
        switch data {
        case .folder(let folder): .sqlite(folder + "/people/\(person).sqlite")
        case .memory(let name): .memory("\(name)/people/\(person)")
        case .postgres(let url): StoreLocation(.postgres(url: Self.url(url, person: person)))
        case .personal(let store): store
        }
    }

    /// A database URL naming a person (replacing any `person` it names).
    static func url(_ url: String, person: String) -> String {
        guard var components = URLComponents(string: url) else { return url }
        var items = (components.queryItems ?? []).filter { $0.name != "person" }
        items.append(URLQueryItem(name: "person", value: person))
        components.queryItems = items
        return components.string ?? url
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
