import Foundation
import LaundryTestSupport
import Testing

// Reliability of the store under the two things a user cannot prevent: the program being killed
// at any moment, and a second copy of it writing to the same database. Both suites run the real
// binary with `--json`, check every reply, and then read the database file itself (with the
// sqlite3 shell, or python3's sqlite3 module where there is no shell) against a model of what
// the answered commands must have stored. Random choices come from fixed seeds.

/// SIGKILL at random points of long piped scripts, over one data directory whose state
/// accumulates from run to run.
@Suite(.serialized) struct CrashSafetyTests {
    let directory = TemporaryDirectory()
    var data: URL { directory.url.appendingPathComponent("data") }

    /// Proves that a command that was answered is stored for good: after each of 24 runs killed
    /// with SIGKILL after a random number of replies (sometimes a few milliseconds later, so the
    /// kill lands inside a command), the database passes `PRAGMA integrity_check`, holds every
    /// answered command's change and transcript rows (besides them only whole commands that came
    /// next: the one in flight, or the rest of a group committed together), and the next run on it
    /// works — both a killed run,
    /// which must open the crashed files itself, and a normal `/status` every few runs.
    @Test func everyAnsweredCommandSurvivesSIGKILL() throws {
        var random = SplitMix64(seed: 0x5EED_0001)
        var expected = ExpectedStore()
        let runs = 24

        for run in 0..<runs {
            let script = expected.randomScript(
                length: Int.random(in: 40...80, using: &random), newPets: "P\(run)-", maxPets: 40, using: &random)
            // The first run is killed about when it creates and migrates the database.
            let killAfter = run == 0 ? 0 : Int.random(in: 0..<script.count, using: &random)
            let pause: UInt32 = run == 0 ? .random(in: 10_000...80_000, using: &random)
                : Bool.random(using: &random) ? .random(in: 0...3_000, using: &random) : 0

            let child = try RunningLaundryTime(["--json"], dataDirectory: data, script: script.text)
            var replies: [String] = []
            while replies.count < killAfter, let line = child.nextLine() { replies.append(line) }
            if pause > 0 { usleep(pause) }  // a real process is killed mid-flight: the one sleep here
            child.killNow()
            let ending = child.finish()
            // Whatever it wrote before it died was answered, read or not.
            replies += ending.remainingLines

            let context = "run \(run), killed after \(replies.count) of \(script.count) replies"
            #expect(!ending.timedOut, "\(context): the program hung")
            #expect(ending.killed || ending.status == 0, "\(context): exit status \(ending.status), stderr: \(ending.stderr)")
            #expect(ending.stderr.isEmpty, "\(context): \(ending.stderr)")
            try #require(replies.count <= script.count, "\(context): more replies than commands: \(replies.suffix(3))")
            for (reply, command) in zip(replies, script) {
                expectAnswered(reply, command, context)
            }

            // Checked on a copy, so that the next run opens the crashed files itself.
            let snapshot = try copyDatabase(from: data, to: directory.url.appendingPathComponent("snapshot-\(run)"))
            let stored = try StoredDatabase.read(snapshot)
            #expect(stored.integrity == ["ok"], "\(context): integrity_check says \(stored.integrity)")
            #expect(stored.foreignKeyProblems == 0, "\(context): \(stored.foreignKeyProblems) foreign key problems")
            // The answered commands are stored. Commands after them may be stored too: the one in
            // flight, or the rest of a group committed together whose replies had not all been
            // written when the kill came (a script's waiting commands share one commit).
            let answered = expected.applying(script.prefix(replies.count))
            let storedPrefix = (replies.count...script.count).lazy
                .map { expected.applying(script.prefix($0)) }
                .first { stored.contents == $0.contents }
            if let storedPrefix {
                expected = storedPrefix
            } else {
                let differences = stored.contents.differences(from: answered.contents)
                Issue.record("\(context): the database does not hold what was answered — \(differences)")
                return
            }
            try FileManager.default.removeItem(at: snapshot.deletingLastPathComponent())

            if run % 4 == 3 || run == runs - 1 {
                let status = try LaundryTimeProcess(dataDirectory: data).run(["--json", "/status"])
                #expect(status.status == 0, "\(context): the next run fails: \(status.stdout) \(status.stderr)")
                #expect(status.jsonLines.first?["ok"] as? Bool == true, "\(context): \(status.stdout)")
                expected.recordAnsweredQuestion()
            }
        }

        // The last /status closed the database normally: the file itself holds everything.
        let final = try StoredDatabase.read(data.appendingPathComponent("laundrytime.sqlite"))
        #expect(final.integrity == ["ok"])
        expectSame(final.contents, expected.contents, "after the last run")
        #expect(expected.contents.pets.count >= 20, "the runs got far enough to mean something")
    }

    /// Copies the database with its `-wal` and `-shm` files (those that exist) into `folder`.
    private func copyDatabase(from data: URL, to folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = "laundrytime.sqlite"
        for suffix in ["", "-wal", "-shm"] {
            let source = data.appendingPathComponent(name + suffix)
            if FileManager.default.fileExists(atPath: source.path) {
                try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(name + suffix))
            }
        }
        return folder.appendingPathComponent(name)
    }
}

/// Two processes on one database at the same time.
@Suite struct ConcurrencyTests {
    let directory = TemporaryDirectory()

    /// Proves that two processes writing to one database at once (1,000 commands each) both
    /// succeed: no "database is locked" or "busy" reaches the user (the busy timeout waits), no
    /// reply fails, and afterwards the database holds every pet with its final wash time and
    /// stage, every cycle event, and 2 × 1,000 commands with their replies in the transcript.
    /// Each process works on its own 25 pets, with many changes to each (every command's cost
    /// grows with the number of pets: with 1,000 pets this test would take half a minute alone).
    @Test func twoWritersAtOnceLoseNothing() throws {
        let data = directory.url.appendingPathComponent("data")
        // The database exists first: a new data directory opened by two at once is the next test.
        let opened = try LaundryTimeProcess(dataDirectory: data).run(["--json", "/status"])
        try #require(opened.status == 0, "\(opened.stdout) \(opened.stderr)")

        var random = SplitMix64(seed: 0x5EED_0002)
        let scripts = ["A", "B"].map {
            ExpectedStore().randomScript(length: 1_000, newPets: $0, maxPets: 25, using: &random)
        }
        let children = try scripts.map { try RunningLaundryTime(["--json"], dataDirectory: data, script: $0.text) }
        let endings = RunningLaundryTime.finishTogether(children)

        var expected = ExpectedStore()
        expected.recordAnsweredQuestion()  // the /status above
        for (name, (ending, script)) in zip(["A", "B"], zip(endings, scripts)) {
            let replies = ending.remainingLines
            let context = "process \(name)"
            #expect(ending.exitedNormally && ending.status == 0, "\(context): exit status \(ending.status), stderr: \(ending.stderr)")
            #expect(ending.stderr.isEmpty, "\(context): \(ending.stderr)")
            let lockedOrBusy = (replies + ending.stderr.split(separator: "\n").map(String.init)).filter {
                $0.lowercased().contains("locked") || $0.lowercased().contains("busy")
            }
            #expect(lockedOrBusy.isEmpty, "\(context): \(lockedOrBusy.count) lines like \(lockedOrBusy.prefix(3))")
            #expect(replies.count == script.count, "\(context): \(replies.count) replies to \(script.count) commands")
            for (reply, command) in zip(replies, script) {
                expectAnswered(reply, command, context)
            }
            expected = expected.applying(script)
        }

        let stored = try StoredDatabase.read(data.appendingPathComponent("laundrytime.sqlite"))
        #expect(stored.integrity == ["ok"])
        #expect(stored.contents.userMessages == 2 * 1_000 + 1)
        expectSame(stored.contents, expected.contents, "after both processes")
    }

    /// Proves that two processes started at the same moment on a data directory that does not
    /// exist yet both work: creating the file, turning on WAL and migrating the schema are safe
    /// against a second process doing the same (eight rounds, each on a new directory).
    @Test func twoProcessesOpeningANewDataDirectoryAtOnceBothWork() throws {
        for round in 0..<8 {
            let data = directory.url.appendingPathComponent("new-\(round)")
            let scripts = ["A", "B"].map { name in
                Script([.create(name), .setWashTime(name, 50), .startWash(name)])
            }
            let children = try scripts.map { try RunningLaundryTime(["--json"], dataDirectory: data, script: $0.text) }
            let endings = RunningLaundryTime.finishTogether(children)

            var expected = ExpectedStore()
            var failed = false
            for (name, (ending, script)) in zip(["A", "B"], zip(endings, scripts)) {
                let context = "round \(round), process \(name)"
                let worked = ending.exitedNormally && ending.status == 0 && ending.stderr.isEmpty
                    && ending.remainingLines.count == script.count
                #expect(worked, "\(context): exit status \(ending.status), stdout: \(ending.remainingLines), stderr: \(ending.stderr)")
                failed = failed || !worked
                for (reply, command) in zip(ending.remainingLines, script) {
                    expectAnswered(reply, command, context)
                }
                expected = expected.applying(script)
            }
            if failed { break }  // one failing round says it all
            let stored = try StoredDatabase.read(data.appendingPathComponent("laundrytime.sqlite"))
            #expect(stored.integrity == ["ok"])
            expectSame(stored.contents, expected.contents, "round \(round)")
        }
    }
}

// MARK: - Scripts and the model of what they store

/// A state-changing command of a script, with the reply it must get.
enum ScriptCommand {
    case create(String)
    case setWashTime(String, Int)
    case startWash(String)
    case stop(String)

    var line: String {
        switch self {
        case .create(let pet): "create pet \(pet)"
        case .setWashTime(let pet, let minutes): "set \(pet)'s wash time to \(minutes) minutes"
        case .startWash(let pet): "start wash for \(pet)"
        case .stop(let pet): "stop \(pet)"
        }
    }

    var intent: String {
        switch self {
        case .create: "create_pet"
        case .setWashTime: "set_wash_time"
        case .startWash: "start_wash"
        case .stop: "stop_cycle"
        }
    }

    var pet: String {
        switch self {
        case .create(let pet), .setWashTime(let pet, _), .startWash(let pet), .stop(let pet): pet
        }
    }
}

/// Commands in order, and the text piped to the program.
struct Script: Sequence {
    var commands: [ScriptCommand]

    init(_ commands: [ScriptCommand]) { self.commands = commands }

    var count: Int { commands.count }
    var text: String { commands.map { $0.line + "\n" }.joined() }
    func prefix(_ length: Int) -> ArraySlice<ScriptCommand> { commands.prefix(length) }
    func makeIterator() -> IndexingIterator<[ScriptCommand]> { commands.makeIterator() }
}

/// What the database must hold after the commands answered so far.
struct ExpectedStore {
    private(set) var contents = StoredContents()
    /// The pets in the order they were made, to pick one at random.
    private var names: [String] = []

    /// A command and its reply were stored, and the change it made.
    mutating func record(_ command: ScriptCommand) {
        recordAnsweredQuestion()
        switch command {
        case .create(let pet):
            contents.pets[pet] = .init(washMinutes: 45, stage: "idle")
            names.append(pet)
        case .setWashTime(let pet, let minutes):
            contents.pets[pet]?.washMinutes = minutes
        case .startWash(let pet):
            contents.pets[pet]?.stage = "washing"
            contents.cycleEvents += 1
        case .stop(let pet):
            contents.pets[pet]?.stage = "idle"
            contents.cycleEvents += 1
        }
    }

    /// A command that changes nothing (`/status`) was answered: only the transcript grows.
    mutating func recordAnsweredQuestion() {
        contents.userMessages += 1
        contents.replies += 1
        contents.okReplies += 1
    }

    func applying<S: Sequence<ScriptCommand>>(_ commands: S) -> ExpectedStore {
        var after = self
        for command in commands { after.record(command) }
        return after
    }

    /// `length` commands, each one valid after those before it: a wash is started only for an
    /// idle pet and stopped only while it runs; new pets are named `newPets` + 1, 2, …, up to
    /// `maxPets` pets in all; wash times stay at 30 minutes or more, so that no wash ends while
    /// the test runs (the clock is pinned at 09:00 in every run).
    func randomScript(length: Int, newPets: String, maxPets: Int, using random: inout SplitMix64) -> Script {
        var model = self
        var commands: [ScriptCommand] = []
        var created = 0
        while commands.count < length {
            let roll = Int.random(in: 0..<100, using: &random)
            let command: ScriptCommand
            if model.names.count < 3 || (roll < 12 && model.names.count < maxPets) {
                created += 1
                command = .create("\(newPets)\(created)")
            } else {
                let pet = model.names.randomElement(using: &random)!
                if roll < 55 {
                    command = .setWashTime(pet, .random(in: 30...120, using: &random))
                } else {
                    command = model.contents.pets[pet]?.stage == "washing" ? .stop(pet) : .startWash(pet)
                }
            }
            model.record(command)
            commands.append(command)
        }
        return Script(commands)
    }
}

/// The parts of the database the tests compare.
struct StoredContents: Equatable {
    struct PetState: Equatable {
        var washMinutes: Int
        var stage: String
    }

    var pets: [String: PetState] = [:]
    /// Rows of the transcript: the user's lines, the replies, and those of the replies that succeeded.
    var userMessages = 0
    var replies = 0
    var okReplies = 0
    var cycleEvents = 0

    /// What differs, for a failure message: missing, extra and changed pets, and the counts.
    func differences(from expected: StoredContents) -> String {
        var found: [String] = []
        let missing = expected.pets.keys.filter { pets[$0] == nil }.sorted()
        let extra = pets.keys.filter { expected.pets[$0] == nil }.sorted()
        let changed = expected.pets.keys.sorted().compactMap { name -> String? in
            guard let stored = pets[name], let wanted = expected.pets[name], stored != wanted else { return nil }
            return "\(name): \(stored.washMinutes) min \(stored.stage), expected \(wanted.washMinutes) min \(wanted.stage)"
        }
        if !missing.isEmpty { found.append("missing pets \(missing)") }
        if !extra.isEmpty { found.append("unexpected pets \(extra)") }
        if !changed.isEmpty { found.append("wrong values \(changed)") }
        for (label, stored, wanted) in [("user lines", userMessages, expected.userMessages),
                                        ("replies", replies, expected.replies),
                                        ("ok replies", okReplies, expected.okReplies),
                                        ("cycle events", cycleEvents, expected.cycleEvents)]
        where stored != wanted {
            found.append("\(stored) \(label) stored, expected \(wanted)")
        }
        return found.isEmpty ? "no difference" : found.joined(separator: "; ")
    }
}

/// Records what differs when the database does not hold what it must.
func expectSame(_ stored: StoredContents, _ expected: StoredContents, _ context: String,
                        sourceLocation: SourceLocation = #_sourceLocation) {
    if stored != expected {
        Issue.record("\(context): \(stored.differences(from: expected))", sourceLocation: sourceLocation)
    }
}

/// Checks one JSON reply: it answers `command`, succeeded, and names the pet.
func expectAnswered(_ line: String, _ command: ScriptCommand, _ context: String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
    let reply = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    let answers = reply?["type"] as? String == "reply" && reply?["input"] as? String == command.line
        && reply?["ok"] as? Bool == true && reply?["intent"] as? String == command.intent
        && reply?["pet"] as? String == command.pet
    #expect(answers, "\(context): “\(command.line)” got \(line)", sourceLocation: sourceLocation)
}
