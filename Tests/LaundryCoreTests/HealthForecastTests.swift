import Foundation
import LaundryCore
import Testing

/// When the mood next changes if nothing is done — to the millisecond, the
/// instant health itself crosses the mood's boundary, for every frequency.
@Suite struct HealthForecastTests {
    let cared = Date(timeIntervalSince1970: 1_772_355_600)  // 2026-03-01 09:00 UTC

    @Test(arguments: 1...30)
    func eachChangeIsTheInstantTheMoodChanges(frequency: Int) throws {
        var now = cared
        var moods: [Mood] = []
        while let (mood, at) = HealthModel.nextMoodChange(lastCaredAt: cared, frequencyDays: frequency, after: now) {
            let before = Mood(health: HealthModel.health(lastCaredAt: cared, frequencyDays: frequency, now: at.addingTimeInterval(-0.001)))
            let after = Mood(health: HealthModel.health(lastCaredAt: cared, frequencyDays: frequency, now: at))
            #expect(after == mood && before != mood, "\(frequency) days: \(mood) at \(at), \(before) a millisecond before")
            moods.append(mood)
            now = at
        }
        #expect(moods == [.neutral, .sad, .verySad, .dead])
        #expect(now == HealthModel.deathInstant(lastCaredAt: cared, frequencyDays: frequency))
    }

    @Test func betweenChangesTheNextOneIsGiven() throws {
        let (mood, at) = try #require(HealthModel.nextMoodChange(lastCaredAt: cared, frequencyDays: 7, after: cared.addingTimeInterval(4 * 86_400)))
        #expect(mood == .sad && at == cared.addingTimeInterval(0.51 * 14 * 86_400))
    }
}
