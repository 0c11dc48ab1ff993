import Foundation
import LaundryCore
import Testing

/// The stage machine, step by step, through `Pet.applying(_:at:)`.
@Suite struct CycleMachineTests {
    /// Snowy, washing since `t0` (45 min wash, ends at t0 + 45 min).
    func washingSnowy(stats: PetStats = PetStats()) throws -> Pet {
        try makePet(stats: stats, cycle: .washing(TimerWindow(startedAt: t0, minutes: 45)))
    }

    // MARK: Wash

    @Test func startWashFromIdleStartsATimerOfTheWashMinutes() throws {
        let idle = try makePet()
        let outcome = idle.applying(.startWash, at: t0)
        let window = TimerWindow(startedAt: t0, endsAt: t0.plus(minutes: 45))
        var expected = idle
        expected.cycle = .washing(window)
        #expect(outcome == .changed(expected, CycleEvent(kind: .washStarted(endsAt: t0.plus(minutes: 45)), at: t0)))
        #expect(outcome.event?.kind.recorded.rawValue == "wash_started")

        let washing = try #require(outcome.pet)
        #expect(washing.stage(at: t0) == .washing(window))
        #expect(washing.statusLine(at: t0) == "Snowy is getting clean!")
        #expect(washing.stats == idle.stats)
        #expect(washing.lastCaredAt == idle.lastCaredAt)
    }

    @Test func washTimerUsesThePetsOwnWashMinutes() throws {
        let pet = try makePet(settings: CycleSettings(washMinutes: 30, dryMinutes: 50, frequencyDays: 3))
        let washing = try #require(pet.applying(.startWash, at: t0).pet)
        #expect(washing.cycle.timer == TimerWindow(startedAt: t0, endsAt: t0.plus(minutes: 30)))
        #expect(washing.stage(at: t0.plus(minutes: 30)) == .washDone(since: t0.plus(minutes: 30)))
    }

    /// Repeating a start is harmless: the same window, never a second timer.
    @Test(arguments: [0.0, 10 * minute, 45 * minute - 1])
    func repeatedStartWashIsAlreadyRunning(after elapsed: TimeInterval) throws {
        let washing = try #require(try makePet().applying(.startWash, at: t0).pet)
        let window = TimerWindow(startedAt: t0, endsAt: t0.plus(minutes: 45))
        #expect(washing.applying(.startWash, at: t0.addingTimeInterval(elapsed)) == .alreadyRunning(window))
    }

    @Test func washEndsByTime() throws {
        let washing = try washingSnowy()
        let window = TimerWindow(startedAt: t0, minutes: 45)
        let oneSecondBefore = t0.plus(minutes: 45, seconds: -1)

        #expect(washing.stage(at: oneSecondBefore) == .washing(window))
        #expect(window.remaining(at: oneSecondBefore) == 1)
        #expect(washing.nextAction(at: oneSecondBefore) == .waitForWash(remaining: 1))
        #expect(washing.nextAction(at: oneSecondBefore).label == "Washing…")

        let end = t0.plus(minutes: 45)
        #expect(washing.stage(at: end) == .washDone(since: end))
        #expect(washing.stage(at: end).name == "wash_done")
        #expect(washing.nextAction(at: end) == .startDryer)
        #expect(washing.statusLine(at: end) == "Snowy is ready for the dryer!")
    }

    /// A wash that ended while the program was closed is done whenever the program looks.
    @Test func washThatEndedWhileClosedIsWashDone() throws {
        let washing = try #require(try makePet().applying(.startWash, at: t0).pet)
        let later = t0.plus(minutes: 46)
        #expect(washing.stage(at: later) == .washDone(since: t0.plus(minutes: 45)))
        #expect(washing.nextAction(at: later) == .startDryer)
        #expect(washing.nextAction(at: later).label == "Start Dryer")
        #expect(washing.statusLine(at: later) == "Snowy is ready for the dryer!")

        // Days later it is still waiting for the dryer.
        #expect(washing.stage(at: t0.plus(days: 3)) == .washDone(since: t0.plus(minutes: 45)))
    }

    /// A clock that reads earlier than the start shows the whole duration, never more.
    @Test func clockEarlierThanTheWashStart() throws {
        let washing = try washingSnowy()
        let window = TimerWindow(startedAt: t0, minutes: 45)
        for earlier in [t0.plus(seconds: -1), t0.plus(minutes: -30), t0.plus(days: -2)] {
            #expect(washing.stage(at: earlier) == .washing(window))
            #expect(window.remaining(at: earlier) == 45 * minute)
            #expect(window.progress(at: earlier) == 0)
            #expect(washing.nextAction(at: earlier) == .waitForWash(remaining: 45 * minute))
            #expect(washing.applying(.startDry, at: earlier) == .refused(.stillWashing(remaining: 45 * minute)))
        }
    }

    // MARK: Dry

    @Test func startDryFromWashDone() throws {
        let washing = try washingSnowy()
        let now = t0.plus(minutes: 46)
        let outcome = washing.applying(.startDry, at: now)
        let window = TimerWindow(startedAt: now, endsAt: now.plus(minutes: 60))
        var expected = washing
        expected.cycle = .drying(window)
        #expect(outcome == .changed(expected, CycleEvent(kind: .dryStarted(endsAt: now.plus(minutes: 60)), at: now)))
        #expect(outcome.event?.kind.recorded.rawValue == "dry_started")

        let drying = try #require(outcome.pet)
        #expect(drying.statusLine(at: now) == "Snowy is drying off")
        #expect(drying.nextAction(at: now) == .waitForDryer(remaining: 60 * minute))
        #expect(drying.nextAction(at: now).label == "Drying…")
    }

    @Test func startDryAtTheInstantTheWashEnds() throws {
        let end = t0.plus(minutes: 45)
        let drying = try #require(try washingSnowy().applying(.startDry, at: end).pet)
        #expect(drying.cycle == .drying(TimerWindow(startedAt: end, minutes: 60)))
    }

    @Test func startDryFromAStoredWashDone() throws {
        let pet = try makePet(settings: CycleSettings(washMinutes: 45, dryMinutes: 20, frequencyDays: 7), cycle: .washDone)
        #expect(pet.stage(at: t0) == .washDone(since: nil))
        let drying = try #require(pet.applying(.startDry, at: t0.plus(hours: 1)).pet)
        #expect(drying.cycle == .drying(TimerWindow(startedAt: t0.plus(hours: 1), endsAt: t0.plus(hours: 1, minutes: 20))))
    }

    @Test(arguments: [0.0, 30 * minute, 60 * minute - 1])
    func repeatedStartDryIsAlreadyRunning(after elapsed: TimeInterval) throws {
        let start = t0.plus(minutes: 50)
        let drying = try #require(try washingSnowy().applying(.startDry, at: start).pet)
        let window = TimerWindow(startedAt: start, endsAt: start.plus(minutes: 60))
        #expect(drying.applying(.startDry, at: start.addingTimeInterval(elapsed)) == .alreadyRunning(window))
    }

    @Test func dryEndsByTime() throws {
        let start = t0.plus(hours: 1)
        let window = TimerWindow(startedAt: start, minutes: 60)
        let drying = try makePet(cycle: .drying(window))
        let oneSecondBefore = start.plus(minutes: 60, seconds: -1)
        #expect(drying.stage(at: oneSecondBefore) == .drying(window))
        #expect(drying.nextAction(at: oneSecondBefore) == .waitForDryer(remaining: 1))

        let end = start.plus(minutes: 60)
        #expect(drying.stage(at: end) == .dryDone(since: end))
        #expect(drying.stage(at: end).name == "dry_done")
        #expect(drying.nextAction(at: end) == .markFolded)
        #expect(drying.nextAction(at: end).label == "Mark Folded")
        #expect(drying.statusLine(at: end) == "Snowy is ready to be folded!")
        #expect(drying.stage(at: end.plus(days: 2)) == .dryDone(since: end))
    }

    // MARK: Fold

    @Test func foldFromDryDone() throws {
        let stats = PetStats(totalCycles: 4, currentStreak: 2, bestStreak: 5)
        let pet = try makePet(stats: stats, cycle: .dryDone)
        let now = t0.plus(days: 5)
        let outcome = pet.applying(.fold, at: now)
        let folded = try #require(outcome.pet)

        #expect(outcome.event == CycleEvent(kind: .folded(revived: false), at: now))
        #expect(outcome.event?.kind.recorded.rawValue == "folded")
        #expect(folded.stats == PetStats(totalCycles: 5, currentStreak: 3, bestStreak: 5))
        #expect(folded.lastCaredAt == now)
        #expect(folded.cycle == .idle)
        #expect(folded.stage(at: now) == .idle)
        #expect(folded.health(at: now) == 100)
        #expect(folded.statusLine(at: now) == "Snowy is so happy!")
        #expect(folded.nextAction(at: now) == .startWash)
        #expect(folded.nextDue(at: now) == now.plus(days: 7))
        #expect(folded.createdAt == t0)
    }

    @Test func foldRaisesTheBestStreakWhenTheStreakPassesIt() throws {
        let pet = try makePet(stats: PetStats(totalCycles: 9, currentStreak: 5, bestStreak: 5), cycle: .dryDone)
        let folded = try #require(pet.applying(.fold, at: t0.plus(days: 6)).pet)
        #expect(folded.stats == PetStats(totalCycles: 10, currentStreak: 6, bestStreak: 6))
    }

    @Test func foldAfterADryThatEndedByTime() throws {
        let window = TimerWindow(startedAt: t0.plus(days: 1), minutes: 60)
        let pet = try makePet(cycle: .drying(window))
        let now = t0.plus(days: 1, hours: 3)
        let folded = try #require(pet.applying(.fold, at: now).pet)
        #expect(folded.cycle == .idle)
        #expect(folded.stats == PetStats(totalCycles: 1, currentStreak: 1, bestStreak: 1))
        #expect(folded.lastCaredAt == now)
    }

    /// Folded exactly when health reaches 0: the pet is dead, so the fold revives it.
    @Test func foldAtTheInstantOfDeathRevives() throws {
        let pet = try makePet(stats: PetStats(totalCycles: 10, currentStreak: 4, bestStreak: 6), cycle: .dryDone)
        let death = t0.plus(days: 14)
        #expect(pet.health(at: death) == 0)
        #expect(pet.mood(at: death) == .dead)

        let outcome = pet.applying(.fold, at: death)
        let revived = try #require(outcome.pet)
        #expect(outcome.event == CycleEvent(kind: .folded(revived: true), at: death))
        #expect(outcome.event?.kind.recorded.rawValue == "revived")
        #expect(revived.stats == PetStats(totalCycles: 11, currentStreak: 0, bestStreak: 6))
        #expect(revived.health(at: death) == 100)
        #expect(revived.mood(at: death) == .happy)
        #expect(revived.lastCaredAt == death)
        #expect(revived.nextAction(at: death) == .startWash)
        #expect(revived.statusLine(at: death) == "Snowy is so happy!")
    }

    /// One second before death the pet is alive: an ordinary fold, but a late one (a week past
    /// due), so the streak starts over at 1.
    @Test func foldOneSecondBeforeDeathIsAnOrdinaryLateFold() throws {
        let pet = try makePet(stats: PetStats(totalCycles: 10, currentStreak: 4, bestStreak: 6), cycle: .dryDone)
        let now = t0.plus(days: 14, seconds: -1)
        #expect(pet.health(at: now) == 1)
        #expect(pet.mood(at: now) == .verySad)

        let outcome = pet.applying(.fold, at: now)
        #expect(outcome.event == CycleEvent(kind: .folded(revived: false), at: now))
        #expect(outcome.pet?.stats == PetStats(totalCycles: 11, currentStreak: 1, bestStreak: 6))
        #expect(outcome.pet?.health(at: now) == 100)
    }

    /// The streak's rule: a fold is on time when it comes no later than the pet's frequency after
    /// the previous fold (or its creation): the streak grows by one; later, it starts over at 1.
    @Test(arguments: [
        (7.0 * 86_400 - 0.001, 5),  // a millisecond before due
        (7.0 * 86_400, 5),          // the due instant itself: on time
        (7.0 * 86_400 + 0.001, 1),  // a millisecond late
        (10.0 * 86_400, 1),         // sad
        (60.0, 5),                  // a minute after the last fold
    ] as [(TimeInterval, Int)])
    func aFoldOnTimeGrowsTheStreakAndALateOneStartsItOver(after seconds: TimeInterval, streak: Int) throws {
        let pet = try makePet(stats: PetStats(totalCycles: 10, currentStreak: 4, bestStreak: 4), cycle: .dryDone)
        let folded = try #require(pet.applying(.fold, at: t0.addingTimeInterval(seconds)).pet)
        #expect(folded.stats == PetStats(totalCycles: 11, currentStreak: streak, bestStreak: max(4, streak)))
    }

    /// The frequency is the pet's own: every 3 days makes day 4 late.
    @Test func theRuleFollowsThePetsFrequency() throws {
        var pet = try makePet(stats: PetStats(totalCycles: 2, currentStreak: 2, bestStreak: 3), cycle: .dryDone)
        pet.settings.frequencyDays = 3
        #expect(pet.applying(.fold, at: t0.plus(days: 3)).pet?.stats.currentStreak == 3)
        #expect(pet.applying(.fold, at: t0.plus(days: 4)).pet?.stats.currentStreak == 1)
    }

    /// The whole revive path: a dead pet is washed, dried and folded back to life.
    @Test func deadPetIsRevivedWithLaundry() throws {
        let dead = try makePet(stats: PetStats(totalCycles: 3, currentStreak: 3, bestStreak: 3))
        let start = t0.plus(days: 20)
        #expect(dead.nextAction(at: start) == .reviveWithLaundry)
        #expect(dead.nextAction(at: start).label == "Revive with Laundry")
        #expect(dead.statusLine(at: start) == "Snowy has died from neglect")

        let washing = try #require(dead.applying(.startWash, at: start).pet)
        let drying = try #require(washing.applying(.startDry, at: start.plus(minutes: 50)).pet)
        #expect(drying.mood(at: start.plus(minutes: 50)) == .dead)
        let foldAt = start.plus(hours: 2)
        let outcome = drying.applying(.fold, at: foldAt)
        #expect(outcome.event?.kind.recorded.rawValue == "revived")
        #expect(outcome.pet?.stats == PetStats(totalCycles: 4, currentStreak: 0, bestStreak: 3))
        #expect(outcome.pet?.health(at: foldAt) == 100)
    }

    @Test func aWholeCycleFromIdleToFolded() throws {
        var pet = try makePet(stats: PetStats(totalCycles: 1, currentStreak: 1, bestStreak: 1))
        var names: [String] = []
        let steps: [(CycleStep, Date)] = [
            (.startWash, t0.plus(days: 6)),
            (.startDry, t0.plus(days: 6, minutes: 45)),
            (.fold, t0.plus(days: 6, minutes: 105)),
        ]
        for (step, now) in steps {
            let outcome = pet.applying(step, at: now)
            pet = try #require(outcome.pet, "\(step) at \(now)")
            names.append(try #require(outcome.event).kind.recorded.rawValue)
        }
        #expect(names == ["wash_started", "dry_started", "folded"])
        #expect(pet.stats == PetStats(totalCycles: 2, currentStreak: 2, bestStreak: 2))
        #expect(pet.lastCaredAt == t0.plus(days: 6, minutes: 105))
        #expect(pet.cycle == .idle)
    }
}
