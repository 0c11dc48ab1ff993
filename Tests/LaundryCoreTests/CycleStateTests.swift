import Foundation
import LaundryCore
import Testing

/// Timers are absolute instants; the stage at any instant is derived from them.
@Suite struct TimerWindowTests {
    let window = TimerWindow(startedAt: t0, minutes: 45)

    @Test func minutesBecomeAnAbsoluteEnd() {
        #expect(window.startedAt == t0)
        #expect(window.endsAt == t0.plus(minutes: 45))
        #expect(window.duration == 45 * minute)
        #expect(TimerWindow(startedAt: t0, minutes: 120).endsAt == t0.plus(hours: 2))
        #expect(TimerWindow(startedAt: t0, minutes: 1).endsAt == t0.plus(seconds: 60))
    }

    @Test func remainingAndProgress() {
        let cases: [(elapsed: TimeInterval, remaining: TimeInterval, progress: Double)] = [
            (-3_600, 2_700, 0),
            (0, 2_700, 0),
            (1_350, 1_350, 0.5),
            (1_940, 760, 1_940.0 / 2_700),
            (2_699, 1, 2_699.0 / 2_700),
            (2_700, 0, 1),
            (86_400, 0, 1),
        ]
        for c in cases {
            let now = t0.addingTimeInterval(c.elapsed)
            #expect(window.remaining(at: now) == c.remaining, "at \(c.elapsed) s")
            #expect(abs(window.progress(at: now) - c.progress) < 1e-12, "at \(c.elapsed) s")
            #expect((0...1).contains(window.progress(at: now)))
        }
    }

    @Test func endedAtItsEndInstantNotBefore() {
        #expect(!window.hasEnded(at: t0.plus(minutes: 45, seconds: -1)))
        #expect(!window.hasEnded(at: t0.plus(minutes: 45, seconds: -0.001)))
        #expect(window.hasEnded(at: t0.plus(minutes: 45)))
        #expect(window.hasEnded(at: t0.plus(days: 30)))
        #expect(!window.hasEnded(at: t0.plus(minutes: -5)))
    }
}

@Suite struct StageTests {
    let wash = TimerWindow(startedAt: t0, minutes: 45)
    let dry = TimerWindow(startedAt: t0, minutes: 60)

    @Test func storedStateToStage() {
        #expect(CycleState.idle.stage(at: t0) == .idle)
        #expect(CycleState.washDone.stage(at: t0) == .washDone(since: nil))
        #expect(CycleState.dryDone.stage(at: t0) == .dryDone(since: nil))
        #expect(CycleState.washing(wash).stage(at: t0.plus(minutes: 44)) == .washing(wash))
        #expect(CycleState.washing(wash).stage(at: t0.plus(minutes: 45)) == .washDone(since: t0.plus(minutes: 45)))
        #expect(CycleState.drying(dry).stage(at: t0.plus(minutes: 59)) == .drying(dry))
        #expect(CycleState.drying(dry).stage(at: t0.plus(minutes: 60)) == .dryDone(since: t0.plus(minutes: 60)))
    }

    @Test func timersOfStatesAndStages() {
        #expect(CycleState.washing(wash).timer == wash)
        #expect(CycleState.drying(dry).timer == dry)
        #expect(CycleState.idle.timer == nil)
        #expect(CycleState.washDone.timer == nil)
        #expect(CycleState.dryDone.timer == nil)
        #expect(Stage.washing(wash).timer == wash)
        #expect(Stage.drying(dry).timer == dry)
        #expect(Stage.washDone(since: t0).timer == nil)
        #expect(Stage.idle.timer == nil)
    }

    @Test func namesAndStatusTexts() {
        let stages: [(Stage, String, String?)] = [
            (.idle, "idle", nil),
            (.washing(wash), "washing", "is getting clean!"),
            (.washDone(since: nil), "wash_done", "is ready for the dryer!"),
            (.drying(dry), "drying", "is drying off"),
            (.dryDone(since: t0), "dry_done", "is ready to be folded!"),
        ]
        for (stage, name, text) in stages {
            #expect(stage.name == name)
            #expect(stage.statusText == text)
        }
    }
}
