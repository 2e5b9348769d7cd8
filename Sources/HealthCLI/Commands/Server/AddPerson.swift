import ArgumentParser
import HealthServer

/// `ohk server add-person NAME`.
struct AddPerson: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-person",
        abstract: "Add a person (their store is created on first use).",
        discussion: """
            --policy decides who answers an app's permission request: grant-all (development), deny-all, or ask \
            (the request waits for 'ohk server grant' or the person's own token).
            """)

    @Argument(help: "The person's name: 1–64 of a–z, 0–9, - and _.")
    var name: String

    @Option(help: "Who answers app permission requests: grant-all, deny-all or ask.")
    var policy: String = "ask"

    @OptionGroup var server: ServerOptions

    func run() async throws {
        guard let policy = Person.Policy(rawValue: policy) else {
            throw CLIError.usage("--policy must be grant-all, deny-all or ask")
        }
        let (_, registry) = try server.open()
        do {
            let person = try await registry.addPerson(name, policy: policy)
            print("added \(person.name) (policy \(person.policy.rawValue))")
        } catch let error as RegistryError {
            throw CLIError.usage(error.message)
        }
    }
}
