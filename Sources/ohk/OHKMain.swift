import ArgumentParser
import HealthCLI

/// The `ohk` executable: hands the command line to ``OHK``.
@main
enum OHKMain {
    static func main() async {
        await OHK.main()
    }
}
