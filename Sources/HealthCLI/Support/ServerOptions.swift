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
        let folder = self.folder()
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CLIError(.store, "\(folder): cannot create the server's data folder")
        }
        let people = PersonDirectory(data: .folder(folder))
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
