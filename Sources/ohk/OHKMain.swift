import ArgumentParser
import HealthCLI
import HealthRuntime

/// The `ohk` executable: hands the command line to ``OHK``.
@main
enum OHKMain {
    static func main() async {
        ProcessMemory.returnLargeBlocksToTheSystem()
        await OHK.main()
    }
}
