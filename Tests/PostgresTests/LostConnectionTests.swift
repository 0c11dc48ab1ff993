#if PostgreSQL
import Foundation
import LaundryStore
import LaundryTestSupport
import Testing

/// A connection lost in the middle of a command: the command is either fully in or fully out, and
/// the reply says which — also when the connection went while its COMMIT was on the way, so that
/// only the server knows.
@Suite struct LostConnectionTests {
    let directory = TemporaryDirectory()

    /// A database with Snowy in it, and its URL through a proxy that does `fault`.
    func household(_ fault: FaultyProxy.Fault, afterwards: FaultyProxy.Afterwards = .pass) throws -> (database: String, proxy: FaultyProxy) {
        let database = try TestCluster.freshDatabase()
        let made = try laundrytime().run(["--database", database], script: "create pet Snowy\n", now: nil)
        try #require(made.status == 0, "\(made.stderr)")
        return (database, try FaultyProxy(to: try DatabaseURL(database, environment: [:]), fault: fault, afterwards: afterwards))
    }

    func laundrytime() -> LaundryTimeProcess {
        LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data"))
    }

    /// `laundrytime --database URL --json "start wash for snowy"` through the proxy, with its one reply.
    func startWash(_ database: String, through proxy: FaultyProxy) throws -> (result: LaundryTimeProcess.Result, reply: [String: Any]) {
        let result = try laundrytime().run(["--database", FaultyProxy.url(database, through: proxy), "--json", "start wash for snowy"], now: nil)
        #expect(proxy.hasFaulted)
        return (result, try #require(result.jsonLines.first, "\(result.stdout)\(result.stderr)"))
    }

    /// The command failed, with exit status 3, and its reply says what `says` looks for.
    func expectFailure(_ result: LaundryTimeProcess.Result, _ reply: [String: Any], _ says: (String) -> Bool,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        let text = reply["text"] as? String ?? ""
        #expect(reply["ok"] as? Bool == false, "\(reply)", sourceLocation: sourceLocation)
        #expect(says(text), "\(text)", sourceLocation: sourceLocation)
        #expect(result.status == 3, "\(result.stderr)", sourceLocation: sourceLocation)
    }

    func washesStarted(_ database: String) throws -> String {
        try TestCluster.query(database, "SELECT count(*) FROM cycleEvent WHERE kind = 'wash_started'")
    }

    /// The COMMIT reached the server and was done, but its answer was lost: the command is in,
    /// and the reply says it is done — not "Nothing was changed".
    @Test func aCommitWhoseAnswerIsLostIsAnsweredAsDone() throws {
        let (database, proxy) = try household(.loseCommitAnswer)
        let (result, reply) = try startWash(database, through: proxy)
        #expect(try washesStarted(database) == "1")
        #expect(reply["ok"] as? Bool == true, "\(reply)")
        #expect(!(reply["text"] as? String ?? "").contains("Nothing was changed"), "\(reply)")
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// The connection dropped before the COMMIT reached the server: nothing is in, and the reply
    /// says so.
    @Test func aConnectionLostBeforeCommitIsAnsweredAsNothingChanged() throws {
        let (database, proxy) = try household(.dropBeforeCommit)
        let (result, reply) = try startWash(database, through: proxy)
        #expect(try washesStarted(database) == "0")
        expectFailure(result, reply) { $0.contains("Nothing was changed") }
    }

    /// The connection went silent before the COMMIT reached the server, which still holds the
    /// transaction in progress (it has not seen the connection go): the store ends that server
    /// process, which rolls the transaction back, and the reply says nothing was changed — not that
    /// it may or may not have been stored.
    @Test func aCommitThatNeverReachedAServerStillHoldingTheTransactionIsAnsweredAsNothingChanged() throws {
        let (database, proxy) = try household(.stallBeforeCommit)
        let (result, reply) = try startWash(database, through: proxy)
        #expect(try washesStarted(database) == "0")
        expectFailure(result, reply) { $0.contains("Nothing was changed") && !$0.contains("may or may not") }
    }

    /// The COMMIT's answer was lost and the server cannot be asked again: the reply says that
    /// whether it was stored is not known — never that nothing was changed, which may be untrue.
    @Test func aCommitWhoseOutcomeCannotBeLearnedSaysSo() throws {
        let (database, proxy) = try household(.loseCommitAnswer, afterwards: .refuse)
        let (result, reply) = try startWash(database, through: proxy)
        #expect(try washesStarted(database) == "1")
        expectFailure(result, reply) { $0.contains("may or may not have been stored") && !$0.contains("Nothing was changed") }
    }

    /// The server is reached again but the connection is lost once more while it is asked: the
    /// reply still says it may or may not have been stored — never "Nothing was changed".
    @Test func aConnectionLostWhileAskingSaysItIsNotKnown() throws {
        let (database, proxy) = try household(.loseCommitAnswer, afterwards: .loseTheQuestion)
        let (result, reply) = try startWash(database, through: proxy)
        #expect(try washesStarted(database) == "1")
        expectFailure(result, reply) { text in
            text.hasSuffix("so it may or may not have been stored. Once the server can be reached again, “history” shows whether it was.")
                && !text.contains("Nothing was changed")
                // One sentence, no error within an error.
                && text.components(separatedBy: "PostgreSQL database").count == 2
        }
    }

    /// A script's commands are stored together, in one COMMIT: when its answer is lost but the
    /// server did it, every command is answered as done.
    @Test func aScriptsGroupWhoseCommitAnswerIsLostIsShownAsDone() throws {
        let (database, proxy) = try household(.loseCommitAnswer)
        let result = try laundrytime().run(["--database", FaultyProxy.url(database, through: proxy), "--json"],
                                           scriptFile: "start wash for snowy\nhow is snowy\n", now: nil)
        #expect(proxy.hasFaulted)
        #expect(try washesStarted(database) == "1")
        #expect(result.jsonLines.count == 2 && result.jsonLines.allSatisfy { $0["ok"] as? Bool == true }, "\(result.stdout)\(result.stderr)")
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// A group whose outcome cannot be learned: its lines are said to be perhaps stored, not
    /// "not stored".
    @Test func aScriptsGroupWhoseOutcomeCannotBeLearnedSaysSo() throws {
        let (database, proxy) = try household(.loseCommitAnswer, afterwards: .refuse)
        let result = try laundrytime().run(["--database", FaultyProxy.url(database, through: proxy), "--json"],
                                           scriptFile: "start wash for snowy\nhow is snowy\n", now: nil)
        #expect(proxy.hasFaulted)
        #expect(try washesStarted(database) == "1")
        #expect(result.stderr.contains("lines 1–2") && result.stderr.contains("may or may not have been stored"), "\(result.stderr)")
        #expect(!result.stderr.contains("not stored, so not done"), "\(result.stderr)")
        #expect(result.status == 3)
    }
}
#endif
