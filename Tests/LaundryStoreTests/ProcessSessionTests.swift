import Foundation
import Testing

@testable import LaundryStore

/// Who made a change, as the undo stack records it: a process on this machine is looked up; one
/// of an earlier boot has ended; one of another computer (a household member's) cannot be looked
/// up, so it counts as running.
@Suite struct ProcessSessionTests {
    @Test func itsTextNamesTheProcessTheMachineAndTheBoot() throws {
        let here = try #require(ProcessSession.Machine.this, "Linux names its boot")
        #expect(ProcessSession.current.description == "\(getpid()):\(ProcessSession.current.start!)@\(here.id)/\(here.boot)")
        #expect(ProcessSession(ProcessSession.current.description) == .current)
        #expect(ProcessSession("4242:77") == ProcessSession(pid: 4242, start: 77), "as sessions were kept before")
        #expect(ProcessSession("4242") == ProcessSession(pid: 4242, start: nil))
        #expect(ProcessSession("4242:77@no-boot") == nil && ProcessSession("x:1") == nil)
    }

    @Test func thisProcessRunsAndAnEarlierBootsHasEnded() throws {
        let here = try #require(ProcessSession.Machine.this)
        #expect(ProcessSession.current.isRunning && !ProcessSession.current.isOnAnotherComputer)
        let earlierBoot = ProcessSession(pid: getpid(), start: ProcessSession.current.start,
                                         machine: .init(id: here.id, boot: UUID().uuidString.lowercased()))
        #expect(!earlierBoot.isRunning, "the same pid and start in another boot is another process, long gone")
        #expect(!ProcessSession(pid: 2_147_483_000, start: 42).isRunning, "no such process here")
    }

    @Test func anotherComputersProcessCountsAsRunning() {
        let elsewhere = ProcessSession(pid: 2_147_483_000, start: 42, machine: .init(id: "another-computer", boot: "b"))
        #expect(elsewhere.isOnAnotherComputer && elsewhere.isRunning)
    }
}
