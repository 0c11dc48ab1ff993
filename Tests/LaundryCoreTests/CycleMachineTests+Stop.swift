import Foundation
import LaundryCore
import Testing

extension CycleMachineTests {
    // MARK: Stop

    @Test func stopWashingGoesBackToIdle() throws {
        let washing = try washingSnowy(stats: PetStats(totalCycles: 2, currentStreak: 2, bestStreak: 2))
        let now = t0.plus(minutes: 10)
        let outcome = washing.applying(.stop, at: now)
        var expected = washing
        expected.cycle = .idle
        #expect(outcome == .changed(expected, CycleEvent(kind: .washStopped, at: now)))
        #expect(outcome.event?.kind.recorded.rawValue == "wash_stopped")
        #expect(outcome.pet?.nextAction(at: now) == .startWash)
        #expect(outcome.pet?.stats == washing.stats)
        #expect(outcome.pet?.lastCaredAt == t0)
    }

    @Test func stopDryingGoesBackToWashDone() throws {
        let drying = try makePet(cycle: .drying(TimerWindow(startedAt: t0, minutes: 60)))
        let now = t0.plus(minutes: 59)
        let outcome = drying.applying(.stop, at: now)
        var expected = drying
        expected.cycle = .washDone
        #expect(outcome == .changed(expected, CycleEvent(kind: .dryStopped, at: now)))
        #expect(outcome.event?.kind.recorded.rawValue == "dry_stopped")
        #expect(outcome.pet?.stage(at: now) == .washDone(since: nil))
        #expect(outcome.pet?.nextAction(at: now) == .startDryer)
        #expect(outcome.pet?.statusLine(at: now) == "Snowy is ready for the dryer!")
    }

    struct Still: Sendable, CustomTestStringConvertible {
        let cycle: CycleState
        let now: Date
        let testDescription: String
    }

    /// Nothing runs: idle, waiting for the dryer or the fold, or a timer that already ended.
    @Test(arguments: [
        Still(cycle: .idle, now: t0, testDescription: "idle"),
        Still(cycle: .washDone, now: t0, testDescription: "wash done"),
        Still(cycle: .dryDone, now: t0, testDescription: "dry done"),
        Still(cycle: .washing(TimerWindow(startedAt: t0, minutes: 45)), now: t0.plus(minutes: 45), testDescription: "wash ended"),
        Still(cycle: .drying(TimerWindow(startedAt: t0, minutes: 60)), now: t0.plus(hours: 5), testDescription: "dry ended"),
    ])
    func stopWhenNothingRunsIsRefused(_ still: Still) throws {
        #expect(try makePet(cycle: still.cycle).applying(.stop, at: still.now) == .refused(.nothingRunning))
    }

    // MARK: Wrong steps

    struct Wrong: Sendable, CustomTestStringConvertible {
        let step: CycleStep
        let cycle: CycleState
        let refusal: CycleRefusal
        var testDescription: String { "\(step) while \(cycle)" }
    }

    /// Looked at t0 + 32 min 20 s: a wash started at t0 has 12:40 left, a dry started at t0 has 27:40.
    static let lookedAt = t0.plus(minutes: 32, seconds: 20)

    @Test(arguments: [
        Wrong(step: .startDry, cycle: .idle, refusal: .needsWash),
        Wrong(step: .fold, cycle: .idle, refusal: .needsWash),
        Wrong(step: .startDry, cycle: .washing(TimerWindow(startedAt: t0, minutes: 45)), refusal: .stillWashing(remaining: 760)),
        Wrong(step: .fold, cycle: .washing(TimerWindow(startedAt: t0, minutes: 45)), refusal: .stillWashing(remaining: 760)),
        Wrong(step: .startWash, cycle: .washDone, refusal: .needsDryer),
        Wrong(step: .fold, cycle: .washDone, refusal: .needsDryer),
        Wrong(step: .startWash, cycle: .drying(TimerWindow(startedAt: t0, minutes: 60)), refusal: .stillDrying(remaining: 1_660)),
        Wrong(step: .fold, cycle: .drying(TimerWindow(startedAt: t0, minutes: 60)), refusal: .stillDrying(remaining: 1_660)),
        Wrong(step: .startWash, cycle: .dryDone, refusal: .needsFold),
        Wrong(step: .startDry, cycle: .dryDone, refusal: .needsFold),
        // Timers that ended by time count as their done stage.
        Wrong(step: .startWash, cycle: .washing(TimerWindow(startedAt: t0, minutes: 10)), refusal: .needsDryer),
        Wrong(step: .startDry, cycle: .drying(TimerWindow(startedAt: t0, minutes: 10)), refusal: .needsFold),
        Wrong(step: .startWash, cycle: .drying(TimerWindow(startedAt: t0, minutes: 10)), refusal: .needsFold),
    ])
    func wrongStepIsRefusedWithWhatThePetNeeds(_ wrong: Wrong) throws {
        let pet = try makePet(cycle: wrong.cycle)
        #expect(pet.applying(wrong.step, at: Self.lookedAt) == .refused(wrong.refusal))
    }

    /// "Snowy is still washing — 12:40 left": the refusal carries the time the user is shown.
    @Test func stillWashingCarriesTheCountdown() throws {
        let outcome = try washingSnowy().applying(.fold, at: Self.lookedAt)
        guard case .refused(.stillWashing(let remaining)) = outcome else {
            Issue.record("expected stillWashing, got \(outcome)")
            return
        }
        #expect(DurationText.countdown(remaining) == "12:40")
    }

    @Test func everyPetHasItsOwnTimer() throws {
        let snowy = try #require(try makePet().applying(.startWash, at: t0).pet)
        let rex = try #require(
            try makePet("Rex", settings: CycleSettings(washMinutes: 20, dryMinutes: 30, frequencyDays: 2))
                .applying(.startWash, at: t0.plus(minutes: 5)).pet
        )
        let now = t0.plus(minutes: 30)
        #expect(snowy.stage(at: now) == .washing(TimerWindow(startedAt: t0, minutes: 45)))
        #expect(rex.stage(at: now) == .washDone(since: t0.plus(minutes: 25)))
        #expect(rex.statusLine(at: now) == "Rex is ready for the dryer!")
        #expect(snowy.statusLine(at: now) == "Snowy is getting clean!")
    }

    @Test func eventNames() {
        let kinds: [(CycleEvent.Kind, String)] = [
            (.washStarted(endsAt: t0), "wash_started"),
            (.dryStarted(endsAt: t0), "dry_started"),
            (.washStopped, "wash_stopped"),
            (.dryStopped, "dry_stopped"),
            (.folded(revived: false), "folded"),
            (.folded(revived: true), "revived"),
        ]
        for (kind, name) in kinds {
            #expect(kind.recorded.rawValue == name)
        }
    }

    @Test func stepNames() {
        #expect(CycleStep.allCases.map(\.rawValue) == ["start_wash", "start_dry", "mark_folded", "stop_cycle"])
    }
}
