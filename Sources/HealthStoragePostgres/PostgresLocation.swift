import Foundation

/// A PostgreSQL store location: `postgres://user[:password]@host[:port]/database?person=NAME[&option=value…]`.
///
/// The person names whose data the store holds (many people share one database; each store reaches only its
/// person's rows). Options:
///
/// | option | default | meaning |
/// |---|---|---|
/// | `person` | `default` | the person (letters, digits, `.`, `_`, `-`, `@`; at most 128 characters) |
/// | `sslmode` | `prefer` | `disable`, `prefer` or `require` |
/// | `pool` | `4` | most connections this process opens to the database (two cores: a few suffice) |
/// | `statement_timeout` | `30000` | milliseconds a statement may run (a lock wait included) before it fails |
/// | `connect_timeout` | `5` | seconds to wait for a connection |
/// | `replica` | none | `host:port` of a streaming replica that serves reads (read-your-writes kept) |
///
/// ```swift
/// let location = try PostgresLocation(parsing: "postgres://ohk@127.0.0.1:5432/health?person=ana")
/// location.person   // "ana"
/// ```
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    /// The server's host name or address.
    public var host: String
    /// The server's port.
    public var port: Int
    /// The role to connect as.
    public var username: String
    /// The role's password, if any.
    public var password: String?
    /// The database.
    public var database: String
    /// The person whose data the store holds.
    public var person: String
    /// TLS use.
    public var sslMode: SSLMode
    /// Most connections of this process to the database.
    public var poolSize: Int
    /// How long one statement may run, in milliseconds.
    public var statementTimeoutMilliseconds: Int
    /// How long to wait for a connection, in seconds.
    public var connectTimeoutSeconds: Int
    /// A streaming replica for reads, when set.
    public var replica: Endpoint?

    /// A host and port.
    public struct Endpoint: Sendable, Hashable {
        /// The host.
        public var host: String
        /// The port.
        public var port: Int

        /// Creates an endpoint.
        public init(host: String, port: Int) {
            self.host = host
            self.port = port
        }
    }

    /// TLS use (libpq's `sslmode`, the three values that apply).
    public enum SSLMode: String, Sendable, Hashable {
        /// Never TLS.
        case disable
        /// TLS when the server offers it.
        case prefer
        /// TLS or fail.
        case require
    }

    /// Parses a location URL (`postgres://` or `postgresql://`).
    ///
    /// - Throws: ``PostgresLocationError`` naming the part that is wrong (never the password).
    public init(parsing text: String) throws(PostgresLocationError) {
        guard text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") else {
            throw PostgresLocationError("a PostgreSQL location starts with postgres://")
        }
        guard let components = URLComponents(string: text) else {
            throw PostgresLocationError("the URL does not parse")
        }
        guard let host = components.host, !host.isEmpty else {
            throw PostgresLocationError("the URL names no host (postgres://user@host:port/database?person=NAME)")
        }
        guard let user = components.user, !user.isEmpty else {
            throw PostgresLocationError("the URL names no user (postgres://user@host:port/database?person=NAME)")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else {
            throw PostgresLocationError("the URL names no database (postgres://user@host:port/database?person=NAME)")
        }
        self.host = host
        self.port = components.port ?? 5432
        self.username = user.removingPercentEncoding ?? user
        self.password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database.removingPercentEncoding ?? database
        self.person = "default"
        self.sslMode = .prefer
        self.poolSize = 4
        self.statementTimeoutMilliseconds = 30_000
        self.connectTimeoutSeconds = 5
        for item in components.queryItems ?? [] {
            let value = item.value ?? ""
            switch item.name {
            case "person":
                guard Self.isValidPerson(value) else {
                    throw PostgresLocationError(
                        "person must be 1 to 128 letters, digits, '.', '_', '-' or '@' (got \(value.count) characters)")
                }
                self.person = value
            case "sslmode":
                guard let mode = SSLMode(rawValue: value) else {
                    throw PostgresLocationError("sslmode must be disable, prefer or require")
                }
                self.sslMode = mode
            case "pool":
                guard let size = Int(value), (1...64).contains(size) else {
                    throw PostgresLocationError("pool must be a number of connections from 1 to 64")
                }
                self.poolSize = size
            case "statement_timeout":
                guard let milliseconds = Int(value), milliseconds >= 0 else {
                    throw PostgresLocationError("statement_timeout must be milliseconds (0: none)")
                }
                self.statementTimeoutMilliseconds = milliseconds
            case "connect_timeout":
                guard let seconds = Int(value), (1...600).contains(seconds) else {
                    throw PostgresLocationError("connect_timeout must be seconds from 1 to 600")
                }
                self.connectTimeoutSeconds = seconds
            case "replica":
                let parts = value.split(separator: ":")
                guard parts.count == 2, let port = Int(parts[1]), !parts[0].isEmpty else {
                    throw PostgresLocationError("replica must be host:port")
                }
                self.replica = Endpoint(host: String(parts[0]), port: port)
            default:
                throw PostgresLocationError(
                    "unknown option '\(item.name)' (person, sslmode, pool, statement_timeout, connect_timeout, replica)"
                )
            }
        }
    }

    /// Whether a person name is acceptable: 1 to 128 of letters, digits, `.`, `_`, `-` and `@`.
    public static func isValidPerson(_ name: String) -> Bool {
        (1...128).contains(name.count)
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-@".unicodeScalars.contains($0))
            }
    }

    /// The same database for another person.
    public func person(_ name: String) -> PostgresLocation {
        var copy = self
        copy.person = name
        return copy
    }

    /// What identifies the connection pool: everything but the person (people of one database share a pool).
    var poolKey: String {
        "\(username)@\(host):\(port)/\(database)?ssl=\(sslMode.rawValue)&pool=\(poolSize)"
            + "&timeout=\(statementTimeoutMilliseconds)&connect=\(connectTimeoutSeconds)"
            + "&replica=\(replica.map { "\($0.host):\($0.port)" } ?? "")&password=\(password?.hashValue ?? 0)"
    }

    /// The location without its password: `postgres://user@host:port/database?person=NAME`.
    public var description: String {
        "postgres://\(username)@\(host):\(port)/\(database)?person=\(person)"
    }
}

/// A PostgreSQL location that does not parse.
public struct PostgresLocationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
