import Testing

@testable import RunWay

@Suite struct FlightModelTests {
    let model = FlightModel(maximumHeartRate: 190)

    @Test func zonesAreTenPercentBandsAboveSixty() {
        #expect(
            [100, 110, 120, 130, 140, 150, 160, 170, 175, 185].map { model.zone(heartRate: $0) }
                == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5])
    }

    @Test func phasesFollowTheZone() {
        let rates: [Double] = [95, 120, 140, 160, 160, 165, 130, 131, 100]
        #expect(
            model.phases(heartRates: rates)
                == [.taxi, .climb, .climb, .climb, .cruise, .cruise, .descent, .cruise, .taxi])
        #expect(model.phases(heartRates: []).isEmpty)
    }

    @Test func paceCadenceAndUnits() {
        #expect(FlightModel.paceSecondsPerKilometer(metersPerSecond: 3.2) == 312.5)
        #expect(FlightModel.paceSecondsPerKilometer(metersPerSecond: 0) == nil)
        #expect(FlightModel.formatPace(312.5) == "5:13")
        #expect(FlightModel.formatPace(245) == "4:05")
        #expect(FlightModel.cadence(steps: 6_720, minutes: 40) == 168)
        #expect(FlightModel.cadence(steps: 10, minutes: 0) == nil)
        #expect(FlightModel.kilometers(meters: 7_215) == 7.215)
    }
}
