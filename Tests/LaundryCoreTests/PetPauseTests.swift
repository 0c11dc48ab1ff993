import Foundation
import LaundryCore
import Testing

/// A pause holds a pet's decay — to the millisecond — and lets it go on from
/// where it was held once it ends, by itself, by a resume, or by a fold.
@Suite struct PetPauseTests {
    let created = Date(timeIntervalSince1970: 1_772_355_600)  // 2026-03-01 09:00 UTC
    var snowy: Pet { Pet(name: try! PetName("Snowy"), createdAt: created) }  // every 7 days: a 14-day span

    func day(_ days: Double) -> Date { created.addingTimeInterval(days * 86_400) }

    @Test func healthHoldsWhilePausedAndGoesOnAfterTheEnd() {
        let paused = snowy.paused(at: day(3), until: day(10))
        let held = snowy.health(at: day(3))
        for at in stride(from: 3.0, to: 10, by: 0.37) {
            #expect(paused.health(at: day(at)) == held, "day \(at)")
            #expect(paused.isPaused(at: day(at)))
        }
        #expect(!paused.isPaused(at: day(10)))
        // After the end, as if the seven days paused had not been.
        for extra in [0.0, 1, 2.5, 11] {
            #expect(paused.health(at: day(10 + extra)) == snowy.health(at: day(3 + extra)), "\(extra) days after")
        }
        // A millisecond before and after a boundary: the same boundary, seven days later.
        let boundary = HealthModel.nextMoodChange(lastCaredAt: created, frequencyDays: 7, after: day(3))!.at
        #expect(paused.mood(at: boundary.addingTimeInterval(7 * 86_400)) == snowy.mood(at: boundary))
        #expect(paused.mood(at: boundary.addingTimeInterval(7 * 86_400 - 0.001)) == snowy.mood(at: boundary.addingTimeInterval(-0.001)))
    }

    @Test func anOpenPauseHoldsUntilResumed() {
        let paused = snowy.paused(at: day(2), until: nil)
        #expect(paused.health(at: day(200)) == snowy.health(at: day(2)))
        let resumed = paused.resumed(at: day(20))
        #expect(resumed.pausedAt == nil && resumed.heldMilliseconds == 18 * 86_400_000)
        #expect(resumed.health(at: day(21)) == snowy.health(at: day(3)))
    }

    @Test func pausingAgainAddsTheTimeHeldAndMovesTheEnd() {
        let first = snowy.paused(at: day(1), until: day(2))
        let second = first.paused(at: day(4), until: day(6))  // the first ended by itself on day 2
        #expect(second.heldMilliseconds == 86_400_000)
        #expect(second.health(at: day(5)) == snowy.health(at: day(3)))
        #expect(second.health(at: day(8)) == snowy.health(at: day(5)))
        let extended = second.paused(at: day(5), until: day(9))  // a new end while paused
        #expect(extended.health(at: day(8.5)) == snowy.health(at: day(3)))
    }

    @Test func aFoldEndsThePauseAndTimePausedDoesNotMakeItLate() {
        // Paused for ten days of a seven-day frequency: folded on day 12, only 2 days of decay.
        var pet = snowy.paused(at: day(1), until: day(11))
        pet.cycle = .dryDone
        guard case .changed(let folded, let event) = pet.applying(.fold, at: day(12)) else {
            Issue.record("not folded")
            return
        }
        #expect(event.kind == .folded(revived: false))
        #expect(folded.stats.currentStreak == 1, "on time: the pause does not count")
        #expect(folded.pausedAt == nil && folded.heldMilliseconds == nil && folded.lastCaredAt == day(12))
        #expect(folded.health(at: day(12)) == 100)
    }

    @Test func dueAndTheForecastCountFromThePausesEnd() {
        let paused = snowy.paused(at: day(3), until: day(10))
        #expect(paused.nextDue(at: day(4)) == day(14))
        #expect(paused.projectedDecayOrigin(at: day(4)) == day(7))
        // An open pause: as if it ended now.
        let open = snowy.paused(at: day(3), until: nil)
        #expect(open.nextDue(at: day(5)) == day(9))
    }
}
