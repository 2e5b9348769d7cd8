import ArgumentParser
import Foundation
import HealthCore
import HealthQuery
import HealthRuntime
import HealthServer

/// Options of the server commands: where its data lives.
struct ServerOptions: ParsableArguments {
    @Option(
        name: .long,
        help: "The server's data folder (default: $OHK_SERVER_DATA, else $XDG_DATA_HOME/openhealthkit/server).")
    var data: String?

    @Option(
        name: .long,
        help: "A PostgreSQL database for every person instead of a data folder (postgres://user@host:port/db).")
    var store: String?

    /// Where the server's data lives: the PostgreSQL database of --store, else the data folder (created).
    func location(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws
        -> ServerConfiguration.DataLocation
    {
        if let store, !store.isEmpty {
            guard store.hasPrefix("postgres://") || store.hasPrefix("postgresql://") else {
                throw CLIError(.usage, "--store: the server's store is a PostgreSQL database (postgres://…)")
            }
            do {
                _ = try StoreLocation(parsing: store)
            } catch {
                throw CLIError(.usage, "--store: \(error.message)")
            }
            return .postgres(store)
        }
        let folder = self.folder(environment: environment)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CLIError(.store, "\(folder): cannot create the server's data folder")
        }
        return .folder(folder)
    }

    /// The data folder this invocation uses.
    func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let data, !data.isEmpty { return (data as NSString).expandingTildeInPath }
        if let fromEnvironment = environment["OHK_SERVER_DATA"], !fromEnvironment.isEmpty { return fromEnvironment }
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? ".") + "/.local/share")
        return dataHome + "/openhealthkit/server"
    }

    /// The server's people and registry, for the admin commands.
    func open() throws -> (PersonDirectory, Registry) {
        let people = PersonDirectory(data: try location())
        do {
            let clock = Live.clock
            return (people, Registry(store: try people.serverDatabase().keyValues, clock: { clock.now }))
        } catch {
            throw CLIError(.store, "\(error)")
        }
    }

    /// Types from a comma-separated list of names (`steps,heart-rate`) or identifiers.
    static func types(_ list: String?) throws -> Set<SampleType> {
        guard let list else { return [] }
        var types: Set<SampleType> = []
        for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let type = TypeNames.resolve(name) else {
                throw CLIError.usage("unknown type '\(name)'; 'ohk types' lists the names")
            }
            types.insert(type)
        }
        return types
    }
}
