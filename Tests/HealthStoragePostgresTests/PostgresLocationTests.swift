import HealthStoragePostgres
import Testing

/// Store locations: every option parsed, every mistake named (never the password). No database needed.
@Suite struct PostgresLocationTests {
    @Test func aFullLocationParses() throws {
        let location = try PostgresLocation(
            parsing: "postgres://ohk:s3cret@db.internal:6543/health?person=ana.b&sslmode=require&pool=8"
                + "&statement_timeout=5000&connect_timeout=3&replica=db-replica:6544")
        #expect(location.host == "db.internal")
        #expect(location.port == 6543)
        #expect(location.username == "ohk")
        #expect(location.password == "s3cret")
        #expect(location.database == "health")
        #expect(location.person == "ana.b")
        #expect(location.sslMode == .require)
        #expect(location.poolSize == 8)
        #expect(location.statementTimeoutMilliseconds == 5_000)
        #expect(location.connectTimeoutSeconds == 3)
        #expect(location.replica == PostgresLocation.Endpoint(host: "db-replica", port: 6544))
        #expect(location.description == "postgres://ohk@db.internal:6543/health?person=ana.b")
        #expect(!location.description.contains("s3cret"))
    }

    @Test func defaultsAreSizedForTwoCores() throws {
        let location = try PostgresLocation(parsing: "postgresql://ohk@127.0.0.1/health")
        #expect(location.port == 5432)
        #expect(location.person == "default")
        #expect(location.sslMode == .prefer)
        #expect(location.poolSize == 4)
        #expect(location.statementTimeoutMilliseconds == 30_000)
        #expect(location.replica == nil)
        #expect(location.person("ben").person == "ben")
    }

    @Test(arguments: [
        ("http://ohk@h/db", "starts with postgres://"),
        ("postgres://h/db?person=a", "names no user"),
        ("postgres://ohk@h/?person=a", "names no database"),
        ("postgres://ohk@h/db?person=a%20b", "person must be"),
        ("postgres://ohk@h/db?person=", "person must be"),
        ("postgres://ohk@h/db?sslmode=verify-full", "sslmode must be"),
        ("postgres://ohk@h/db?pool=0", "pool must be"),
        ("postgres://ohk@h/db?statement_timeout=-1", "statement_timeout must be"),
        ("postgres://ohk@h/db?replica=nohost", "replica must be host:port"),
        ("postgres://ohk:pw@h/db?colour=blue", "unknown option 'colour'"),
    ])
    func mistakesAreNamed(_ text: String, _ message: String) {
        #expect {
            _ = try PostgresLocation(parsing: text)
        } throws: { error in
            let description = "\(error)"
            return description.contains(message) && !description.contains("pw")
        }
    }
}
