import ArgumentParser
import HealthCLI
import HealthRuntime

/// The `ohk` executable: hands the command line to ``OHK``.
@main
enum OHKMain {
    static func main() async {
        ProcessMemory.returnLargeBlocksToTheSystem()
        // Before any store is opened: SQLite then takes no global lock per allocation (decision 0017).
        ProcessMemory.stopCountingSQLiteMemory()
        await OHK.main()
    }
}
