import Foundation
import HealthStoragePostgres

/// Where a health database lives, as every surface names it: `--store`, `$OHK_STORE`, OpenHealthKit's
/// configuration and the server's `--store` all take the same strings.
///
/// - `memory:NAME` — an in-memory database shared by everything in this process that opens the same name;
/// - `postgres://user@host:port/db?person=NAME` — a person's data in a PostgreSQL database that holds many
///   people (options: `HealthStoragePostgres.PostgresLocation`);
/// - anything else — the path of a SQLite file (`sqlite:PATH` also works).
///
/// ```swift
/// try StoreLocation(parsing: "memory:demo")              // .memory(name: "demo")
/// try StoreLocation(parsing: "~/health.sqlite")          // .sqlite(path: "/home/jane/health.sqlite")
/// StoreLocation.resolve(explicit: nil, environment: ProcessInfo.processInfo.environment)
/// // $OHK_STORE, else $XDG_DATA_HOME/openhealthkit/health.sqlite, else ~/.local/share/openhealthkit/health.sqlite
/// ```
public struct StoreLocation: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of location.
    public enum Kind: Sendable, Hashable {
        /// An in-memory database, by name.
        case memory(name: String)
        /// A SQLite file, by absolute, standardized path.
        case sqlite(path: String)
        /// A PostgreSQL URL (`postgres://` or `postgresql://`), kept as given.
        case postgres(url: String)
    }

    /// The location.
    public let kind: Kind

    /// Creates a location.
    public init(_ kind: Kind) {
        switch kind {
        case .sqlite(let path): self.kind = .sqlite(path: Self.standardized(path))
        default: self.kind = kind
        }
    }

    /// An in-memory database.
    public static func memory(_ name: String) -> StoreLocation { StoreLocation(.memory(name: name)) }

    /// A SQLite file.
    public static func sqlite(_ path: String) -> StoreLocation { StoreLocation(.sqlite(path: path)) }

    /// Parses a location string (see the type's documentation).
    ///
    /// - Throws: ``StoreLocationError`` for an empty string, `memory:` without a name, or a URL scheme that is
    ///   not a store (`http://…`).
    public init(parsing text: String) throws(StoreLocationError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw StoreLocationError("the store location is empty") }
        if trimmed.hasPrefix("memory:") {
            let name = String(trimmed.dropFirst("memory:".count))
            guard !name.isEmpty else { throw StoreLocationError("'memory:' needs a name, e.g. memory:demo") }
            self.init(.memory(name: name))
        } else if trimmed.hasPrefix("postgres://") || trimmed.hasPrefix("postgresql://") {
            do {
                _ = try PostgresLocation(parsing: trimmed)
            } catch {
                throw StoreLocationError("PostgreSQL location: \(error.message)")
            }
            self.init(.postgres(url: trimmed))
        } else if trimmed.hasPrefix("sqlite:") {
            let path = String(trimmed.dropFirst("sqlite:".count))
            guard !path.isEmpty else { throw StoreLocationError("'sqlite:' needs a file path") }
            self.init(.sqlite(path: path))
        } else if let scheme = Self.urlScheme(trimmed) {
            throw StoreLocationError(
                "'\(scheme)://' is not a store location (a file path, memory:NAME or postgres://…)")
        } else {
            self.init(.sqlite(path: trimmed))
        }
    }

    /// The location this invocation uses: the explicit one (`--store`), else `$OHK_STORE`, else the per-user
    /// default SQLite file (``defaultPath(environment:)``).
    ///
    /// - Throws: ``StoreLocationError`` when the explicit or environment string does not parse.
    public static func resolve(
        explicit: String?, environment: [String: String]
    ) throws(StoreLocationError) -> StoreLocation {
        if let explicit, !explicit.isEmpty { return try StoreLocation(parsing: explicit) }
        if let fromEnvironment = environment["OHK_STORE"], !fromEnvironment.isEmpty {
            return try StoreLocation(parsing: fromEnvironment)
        }
        return .sqlite(defaultPath(environment: environment))
    }

    /// The per-user default store file: `$XDG_DATA_HOME/openhealthkit/health.sqlite`, else
    /// `$HOME/.local/share/openhealthkit/health.sqlite`.
    public static func defaultPath(environment: [String: String]) -> String {
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? ".") + "/.local/share")
        return dataHome + "/openhealthkit/health.sqlite"
    }

    /// The location as a user would write it; a PostgreSQL URL's password is masked.
    public var description: String {
        switch kind {
        case .memory(let name): "memory:\(name)"
        case .sqlite(let path): path
        case .postgres(let url): Self.masked(url)
        }
    }

    /// The SQLite file's path, when this is one.
    public var sqlitePath: String? {
        if case .sqlite(let path) = kind { return path }
        return nil
    }

    private static func standardized(_ path: String) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        return URL(fileURLWithPath: expanded).standardizedFileURL.path
    }

    private static func urlScheme(_ text: String) -> String? {
        guard let range = text.range(of: "://") else { return nil }
        let scheme = text[..<range.lowerBound]
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" }) else {
            return nil
        }
        return String(scheme)
    }

    private static func masked(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }
}

/// A store location that does not parse: what is wrong with it.
public struct StoreLocationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
