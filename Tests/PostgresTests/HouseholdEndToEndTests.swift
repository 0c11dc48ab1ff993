#if PostgreSQL
import Foundation
import LaundryStore
import LaundryTestSupport
import Testing

/// The real binary on a real PostgreSQL: a household's members at once, moving in, and faults.
@Suite struct HouseholdEndToEndTests {
    let directory = TemporaryDirectory()

    func laundrytime(_ folder: String = "data") -> LaundryTimeProcess {
        LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent(folder))
    }

    static func replies(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    /// 4 members × 500 commands on the same two pets at once: every change answered is stored
    /// once, none twice, and nothing fails but the domain's own refusals.
    @Test func fourMembersAtOnceLoseNothingAndDoubleNothing() throws {
        let database = try TestCluster.freshDatabase()
        let made = try laundrytime().run(["--database", database, "--member", "Setup"], script: "create pet Snowy\ncreate pet Fluffy\n", now: nil)
        try #require(made.status == 0, "\(made.stderr)")
        let commands = ["start wash for snowy", "stop snowy", "start wash for fluffy", "stop fluffy"]
        nonisolated(unsafe) var results: [LaundryTimeProcess.Result?] = Array(repeating: nil, count: 4)
        DispatchQueue.concurrentPerform(iterations: 4) { member in
            var random = SplitMix64(seed: UInt64(member + 1))
            let script = (0..<500).map { _ in commands[Int(random.next() % 4)] }.joined(separator: "\n") + "\n"
            results[member] = try? laundrytime("data\(member)").run(
                ["--database", database, "--member", "member\(member)", "--json"], script: script, now: nil)
        }
        var changes = 0
        for (member, result) in results.enumerated() {
            let result = try #require(result, "member \(member) ran")
            #expect([0, 1].contains(result.status), "\(result.stderr.suffix(500))")
            let replies = try Self.replies(result.stdout)
            #expect(replies.count == 500, "member \(member): \(replies.count) replies")
            for reply in replies {
                let text = reply["text"] as? String ?? ""
                let intent = reply["intent"] as? String ?? ""
                #expect(["start_wash", "stop_cycle"].contains(intent), "\(reply)")
                if reply["ok"] as? Bool == true, !text.contains("Nothing changed") {
                    changes += 1
                } else if reply["ok"] as? Bool == false {
                    // A refusal of the domain: nothing to stop, already washing. Never a store's error.
                    #expect(text.contains("Nothing") || text.contains("already"), "\(text)")
                }
            }
        }
        let events = try TestCluster.query(database, "SELECT count(*) FROM cycleEvent")
        #expect(Int(events) == changes, "every change answered is stored once: \(events) events, \(changes) changes")
        // Per pet, the history alternates: never two starts, never two stops in a row.
        for pet in ["Snowy", "Fluffy"] {
            let kinds = try TestCluster.query(database, "SELECT kind FROM cycleEvent WHERE petName = '\(pet)' ORDER BY id")
                .split(separator: "\n").map(String.init)
            let alternating = kinds.enumerated().allSatisfy { $0.element == ($0.offset % 2 == 0 ? "wash_started" : "wash_stopped") }
            #expect(alternating, "\(pet)'s history: \(kinds.prefix(12))…")
        }
        for member in 0..<4 {
            let rows = try TestCluster.query(database, "SELECT count(*) FROM transcriptMessage WHERE member = 'member\(member)'")
            #expect(rows == "1000", "member \(member)'s lines and replies are all in the transcript: \(rows)")
        }
    }

    /// A timer's end is told once to the household, by whichever of three members asks first.
    @Test func aTimersEndIsToldOnceAcrossThreeMembers() throws {
        let database = try TestCluster.freshDatabase()
        let start = "2026-03-01T09:00:00Z", later = "2026-03-01T10:00:00Z"
        let made = try laundrytime().run(["--database", database], script: "create pet Snowy\nstart wash for snowy\n", now: start)
        try #require(made.status == 0, "\(made.stderr)")
        nonisolated(unsafe) var told: [String] = Array(repeating: "", count: 3)
        DispatchQueue.concurrentPerform(iterations: 3) { member in
            told[member] = (try? laundrytime("data\(member)").run(
                ["--database", database, "--member", "member\(member)", "--deliver-due"], now: later).stdout) ?? "?"
        }
        let washDone = told.map { $0.components(separatedBy: "Snowy").count - 1 }
        #expect(washDone.reduce(0, +) == 1, "told \(washDone) times: \(told)")
        #expect(try TestCluster.query(database, "SELECT count(*) FROM deliveredNotice") == "1")
    }

    /// `migrate --to` copies a data directory's store in one transaction; twice adds nothing.
    @Test func movingInCopiesEverythingOnceAndIdsGoOn() throws {
        let database = try TestCluster.freshDatabase()
        let home = laundrytime()
        let seeded = try home.run(script: "create pet Snowy\ncreate pet Fluffy\nstart wash for snowy\nset sound off\nstop snowy\n")
        try #require(seeded.status == 0, "\(seeded.stderr)")
        let first = try home.run(["migrate", "--to", database], now: nil)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("2 pets") && first.stdout.contains("2 history events"), "\(first.stdout)")
        let second = try home.run(["migrate", "--to", database], now: nil)
        #expect(second.status == 0 && second.stdout == first.stdout, "\(second.stdout)\(second.stderr)")
        #expect(try TestCluster.query(database, "SELECT count(*) FROM pet") == "2")
        #expect(try TestCluster.query(database, "SELECT count(*) FROM transcriptMessage") == "10")
        let shared = try laundrytime("elsewhere").run(["--database", database], script: "/status\ncreate pet Buddy\nundo\nundo\n", now: nil)
        #expect(shared.status == 0, "\(shared.stderr)")
        #expect(shared.stdout.contains("Snowy") && shared.stdout.contains("Fluffy"), "\(shared.stdout)")
        #expect(shared.stdout.contains("Undone: stopped Snowy's wash"), "the moved undo stack still undoes: \(shared.stdout)")
        #expect(try TestCluster.query(database, "SELECT id FROM pet ORDER BY id") == "1\n2", "Buddy got id 3, then was undone")
    }

    /// A server that is down, or a wrong password: exit 3, one sentence naming the database and
    /// where it is, and never the password.
    @Test func aServerDownOrAWrongPasswordExits3WithoutThePassword() throws {
        let url = try TestCluster.url()
        let nowhere = directory.url.appendingPathComponent("no-server").path
        try FileManager.default.createDirectory(atPath: nowhere, withIntermediateDirectories: true)
        let down = try laundrytime().run(["--database", "postgres://sam:s3cret-word@/household?host=\(nowhere)", "/status"], now: nil)
        #expect(down.status == 3)
        #expect(down.stderr.contains("household") && down.stderr.contains(nowhere), "\(down.stderr)")
        #expect(!down.stderr.contains("s3cret-word") && !down.stdout.contains("s3cret-word"))

        let attemptsBefore = TestCluster.serverLog().components(separatedBy: "password authentication failed").count
        let wrong = try laundrytime().run(["--database", "postgres://\(url.user):wrong-pass-42@/\(url.database)?host=\(url.host)", "/status"], now: nil)
        #expect(wrong.status == 3)
        #expect(wrong.stderr.contains("password authentication failed"), "\(wrong.stderr)")
        #expect(!wrong.stderr.contains("wrong-pass-42") && !wrong.stdout.contains("wrong-pass-42"))
        #expect(wrong.stderr.split(separator: "\n").count <= 2, "one sentence and what to do: \(wrong.stderr)")
        let attempts = TestCluster.serverLog().components(separatedBy: "password authentication failed").count - attemptsBefore
        #expect(attempts == 1, "one try, no retry storm: \(attempts)")

        let bad = try laundrytime().run(["--database", "postgres://sam:pw@host:99999/db", "/status"], now: nil)
        #expect(bad.status == 2 && bad.stderr.contains("port") && !bad.stderr.contains("pw@"), "\(bad.stderr)")
    }

    /// The server killed in the middle of a script: every command answered before is stored;
    /// what could not be stored is said so, and nothing after it runs half.
    @Test func aServerKilledMidScriptLosesNoAnsweredCommand() throws {
        let cluster = try OwnCluster()
        let made = try laundrytime().run(["--database", cluster.url], script: "create pet Snowy\n", now: nil)
        try #require(made.status == 0, "\(made.stderr)")
        let script = (0..<400).map { $0 % 2 == 0 ? "start wash for snowy" : "stop snowy" }.joined(separator: "\n") + "\n"
        let process = Process()
        process.executableURL = LaundryTimeProcess.binary
        process.arguments = ["--data-dir", directory.url.appendingPathComponent("data").path, "--database", cluster.url, "--json"]
        process.environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "HOME": directory.url.path, "LANG": "C.UTF-8"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Lines go in one at a time, and the server dies after the 100th answer.
        let reader = output.fileHandleForReading
        var answered = Data()
        for (index, line) in script.split(separator: "\n").enumerated() {
            try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
            if index == 150 { try cluster.kill() }
            while index < 100, answered.split(separator: UInt8(ascii: "\n")).count < index + 1 {
                let more = reader.availableData
                try #require(!more.isEmpty, "the script ended early: \(String(decoding: answered, as: UTF8.self).suffix(300))")
                answered += more
            }
        }
        try? input.fileHandleForWriting.close()
        answered += reader.readDataToEndOfFile()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 3, "a script whose store is gone ends with status 3: \(stderr.suffix(400))")
        // The kill is told one of three ways, as it falls: the group of lines being run is not
        // stored (stderr: "the server closed the connection", "the connection to the server was
        // lost"); a COMMIT was on its way, so only the server knows whether those lines are in
        // ("perhaps stored"); or it fell between groups, and each line after it fails on its own
        // ("Cannot reach the PostgreSQL database …", in its JSON reply).
        let replies = try Self.replies(String(decoding: answered, as: UTF8.self))
        let failed = replies.filter { $0["ok"] as? Bool == false }
        let perhaps = stderr.contains("perhaps stored, perhaps not")
        let groupLost = stderr.contains("not stored, so not done") && stderr.contains("connection")
        #expect(groupLost || perhaps || !failed.isEmpty, "\(stderr.suffix(400))")
        let stored = replies.filter { $0["ok"] as? Bool == true && !(($0["text"] as? String ?? "").contains("Nothing changed")) }.count
        try cluster.start()
        let events = try #require(Int(try TestCluster.query(cluster.url, "SELECT count(*) FROM cycleEvent")))
        if perhaps {
            #expect(events >= stored, "\(events) events stored, \(stored) changes answered as done")
        } else {
            #expect(events == stored, "\(events) events stored, \(stored) changes answered as done")
        }
        // Whatever was answered after the kill says that nothing was stored.
        #expect(failed.allSatisfy { ($0["text"] as? String ?? "").contains("Nothing was changed") }, "\(failed.prefix(2))")
    }
}
#endif
