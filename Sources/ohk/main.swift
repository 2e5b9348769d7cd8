import HealthCLI

await OHK.main()
