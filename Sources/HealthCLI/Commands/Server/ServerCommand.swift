import ArgumentParser

/// `ohk server …`: the server's people, tokens and permissions.
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Manage the server's people, tokens and permissions (works while it runs).",
        discussion: """
            Examples:
              ohk server add-person ana
              ohk server issue-token --person ana                          (the person's own token: full access)
              ohk server issue-token --person ana --app com.example.steps --share steps --read steps,heart-rate
              ohk server grant --person ana --app com.example.steps --read weight
              ohk server revoke-token ohk_…
            """,
        subcommands: [AddPerson.self, IssueToken.self, RevokeToken.self, ListTokens.self, Grant.self, Pending.self])
}
