import Foundation
import LaundryCore
import Testing

@Suite struct PetTests {
    @Test func newPetStartsFullyCaredFor() throws {
        let pet = try makePet()
        #expect(pet.lastCaredAt == t0)
        #expect(pet.createdAt == t0)
        #expect(pet.settings == CycleSettings(washMinutes: 45, dryMinutes: 60, frequencyDays: 7))
        #expect(pet.stats == PetStats(totalCycles: 0, currentStreak: 0, bestStreak: 0))
        #expect(pet.cycle == .idle)
        #expect(pet.id == nil)
        #expect(pet.health(at: t0) == 100)
        #expect(pet.mood(at: t0) == .happy)
    }

    @Test func explicitLastCaredAtWinsOverCreation() throws {
        let pet = Pet(name: try PetName("Snowy"), createdAt: t0, lastCaredAt: t0.plus(days: 3))
        #expect(pet.lastCaredAt == t0.plus(days: 3))
        #expect(pet.nextDue(at: t0) == t0.plus(days: 10))
        #expect(pet.health(at: t0.plus(days: 10)) == 50)
    }

    @Test(arguments: [(1, 1.0), (7, 7.0), (30, 30.0)])
    func nextDueIsLastCaredAtPlusTheFrequency(frequency: Int, days: Double) throws {
        let caredAt = t0.plus(days: 2, hours: 5)
        let pet = try makePet(settings: CycleSettings(washMinutes: 45, dryMinutes: 60, frequencyDays: frequency), caredAt: caredAt)
        #expect(pet.nextDue(at: caredAt) == caredAt.plus(days: days))
        #expect(pet.health(at: pet.nextDue(at: caredAt)) == 50)
    }

    /// Idle, the mood speaks: "Snowy is so happy!" … "Snowy has died from neglect".
    @Test func idleStatusLineFollowsTheMood() throws {
        let pet = try makePet()
        let cases: [(elapsed: TimeInterval, line: String, health: Int)] = [
            (0, "Snowy is so happy!", 100),
            (3.5 * day, "Snowy is so happy!", 75),
            (7 * day, "Snowy is doing okay", 50),
            (10.5 * day, "Snowy needs some laundry love", 25),
            (14 * day - 1, "Snowy is very sad — laundry is overdue!", 1),
            (14 * day, "Snowy has died from neglect", 0),
        ]
        for c in cases {
            let now = t0.addingTimeInterval(c.elapsed)
            #expect(pet.health(at: now) == c.health, "at \(c.elapsed) s")
            #expect(pet.statusLine(at: now) == c.line)
        }
    }

    @Test func whileLaundryIsUnderWayTheStageSpeaksEvenForADeadPet() throws {
        let pet = try makePet(cycle: .washing(TimerWindow(startedAt: t0.plus(days: 20), minutes: 45)))
        #expect(pet.mood(at: t0.plus(days: 20)) == .dead)
        #expect(pet.statusLine(at: t0.plus(days: 20, minutes: 1)) == "Snowy is getting clean!")
    }

    @Test func nextActionWhenIdle() throws {
        let pet = try makePet()
        #expect(pet.nextAction(at: t0) == .startWash)
        #expect(pet.nextAction(at: t0).label == "Start Wash")
        #expect(pet.nextAction(at: t0.plus(days: 14, seconds: -1)) == .startWash)
        #expect(pet.nextAction(at: t0.plus(days: 14)) == .reviveWithLaundry)
        #expect(pet.nextAction(at: t0.plus(days: 14)).label == "Revive with Laundry")
        #expect(pet.nextAction(at: t0.plus(days: 100)) == .reviveWithLaundry)
    }

    @Test func nextActionByStage() throws {
        let washing = try makePet(cycle: .washing(TimerWindow(startedAt: t0, minutes: 45)))
        #expect(washing.nextAction(at: t0.plus(minutes: 5)) == .waitForWash(remaining: 40 * minute))
        #expect(try makePet(cycle: .washDone).nextAction(at: t0) == .startDryer)
        let drying = try makePet(cycle: .drying(TimerWindow(startedAt: t0, minutes: 60)))
        #expect(drying.nextAction(at: t0.plus(minutes: 15)) == .waitForDryer(remaining: 45 * minute))
        #expect(try makePet(cycle: .dryDone).nextAction(at: t0) == .markFolded)
        // A dead pet mid-cycle still needs the next step of its laundry.
        #expect(try makePet(cycle: .washDone).nextAction(at: t0.plus(days: 30)) == .startDryer)
        #expect(try makePet(cycle: .dryDone).nextAction(at: t0.plus(days: 30)) == .markFolded)
    }

    @Test func actionLabels() {
        let labels: [(NextAction, String)] = [
            (.startWash, "Start Wash"),
            (.reviveWithLaundry, "Revive with Laundry"),
            (.waitForWash(remaining: 10), "Washing…"),
            (.startDryer, "Start Dryer"),
            (.waitForDryer(remaining: 10), "Drying…"),
            (.markFolded, "Mark Folded"),
        ]
        for (action, label) in labels {
            #expect(action.label == label)
        }
    }

    @Test func healthUsesThePetsOwnFrequency() throws {
        let daily = try makePet(settings: CycleSettings(washMinutes: 45, dryMinutes: 60, frequencyDays: 1))
        #expect(daily.health(at: t0.plus(days: 1)) == 50)
        #expect(daily.mood(at: t0.plus(days: 2)) == .dead)
        let monthly = try makePet(settings: CycleSettings(washMinutes: 45, dryMinutes: 60, frequencyDays: 30))
        #expect(monthly.health(at: t0.plus(days: 14)) == 77)
        #expect(monthly.mood(at: t0.plus(days: 14)) == .happy)
    }
}
