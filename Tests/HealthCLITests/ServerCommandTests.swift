import Foundation
import Testing

/// `ohk server …`: people, tokens (printed once, stored hashed), revocation, grants; `ohk serve`'s option checks.
@Suite struct ServerCommandTests {
    /// A fresh server data folder.
    static func folder() throws -> String {
        (try OHKProcess.temporaryStore() as NSString).deletingLastPathComponent + "/server"
    }

    @Test func issueTokenPrintsOnlyTheTokenAndStoresItsHash() throws {
        let data = try Self.folder()
        let added = try OHKProcess.run(["server", "add-person", "ana", "--policy", "ask", "--data", data])
        #expect(added.status == 0, "\(added.stderr)")
        let issued = try OHKProcess.run(["server", "issue-token", "--person", "ana", "--data", data])
        #expect(issued.status == 0, "\(issued.stderr)")
        let token = issued.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(token.range(of: #"^ohk_[A-Za-z0-9_-]{43}$"#, options: .regularExpression) != nil, "\(token)")
        #expect(issued.stdout == token + "\n", "stdout holds the token and nothing else")

        let app = try OHKProcess.run([
            "server", "issue-token", "--person", "ana", "--app", "com.example.steps", "--share", "steps",
            "--read", "steps,heart-rate", "--label", "phone", "--data", data,
        ])
        #expect(app.status == 0, "\(app.stderr)")
        #expect(app.stdout.trimmingCharacters(in: .whitespacesAndNewlines) != token)

        let listed = try OHKProcess.run(["server", "list-tokens", "--person", "ana", "--format", "csv", "--data", data])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("com.example.steps") && listed.stdout.contains("phone"))
        #expect(!listed.stdout.contains(token) && !listed.stdout.contains(String(token.dropFirst(4).prefix(20))))
        // The token is nowhere in the server's database: only its hash.
        let database = try Data(contentsOf: URL(fileURLWithPath: data + "/server.sqlite"))
        #expect(database.range(of: Data(token.utf8)) == nil)
    }

    @Test func revokeTokenRevokesAndSaysWhich() throws {
        let data = try Self.folder()
        _ = try OHKProcess.run(["server", "add-person", "ben", "--data", data])
        let token = try OHKProcess.run(["server", "issue-token", "--person", "ben", "--data", data]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let revoked = try OHKProcess.run(["server", "revoke-token", token, "--data", data])
        #expect(revoked.status == 0, "\(revoked.stderr)")
        #expect(revoked.stdout.hasPrefix("revoked ") && revoked.stdout.contains("ben"))
        #expect(!revoked.stdout.contains(token))
        let listed = try OHKProcess.run([
            "server", "list-tokens", "--person", "ben", "--format", "json", "--data", data,
        ])
        #expect(!listed.stdout.contains("\"revoked\" : \"\"") && !listed.stdout.contains("\"revoked\":\"\""))
    }

    @Test func mistakesAreUsageErrorsOnOneLine() throws {
        let data = try Self.folder()
        _ = try OHKProcess.run(["server", "add-person", "ana", "--data", data])
        let cases: [[String]] = [
            ["server", "add-person", "ana", "--data", data],  // exists
            ["server", "add-person", "Not A Name", "--data", data],
            ["server", "issue-token", "--person", "nobody", "--data", data],
            ["server", "issue-token", "--person", "ana", "--share", "steps", "--data", data],  // --share needs --app
            [
                "server", "issue-token", "--person", "ana", "--app", "com.example.x", "--read", "no-such-type",
                "--data", data,
            ],
            ["server", "revoke-token", "ohk_notatoken", "--data", data],
            ["serve", "--port", "70000", "--data", data],
            ["serve", "--webhook-retry-delays", "5,soon", "--data", data],
        ]
        for arguments in cases {
            let result = try OHKProcess.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: "), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
    }
}
