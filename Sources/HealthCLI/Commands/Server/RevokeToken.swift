import ArgumentParser
import HealthServer

/// `ohk server revoke-token TOKEN|HASH-PREFIX`.
struct RevokeToken: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke-token", abstract: "Revoke a token at once (by the token or the hash 'list-tokens' shows).")

    @Argument(help: "The token, or the first characters (8 or more) of its hash.")
    var token: String

    @OptionGroup var server: ServerOptions

    func run() async throws {
        let (_, registry) = try server.open()
        do {
            let record = try await registry.revokeToken(token)
            print("revoked \(record.hash.prefix(12)) (\(record.person), \(record.app ?? "owner"))")
        } catch let error as RegistryError {
            throw CLIError.usage(error.message)
        }
    }
}
