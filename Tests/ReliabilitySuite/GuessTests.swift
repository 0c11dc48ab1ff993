import Foundation
import LaundryTestSupport
import Testing

/// Guesses never act without a human. `--yes delete snowy2` with only Snowy
/// deleted Snowy; `undo` in one process took back a change another process had just made.
@Suite struct GuessTests {
    let directory = TemporaryDirectory()
    var data: URL { directory.url.appendingPathComponent("data") }
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: data) }

    @Test func withYesAMisspeltPetIsNotChanged() throws {
        _ = try laundrytime.run(["create", "pet", "Snowy"])
        let guessed = try laundrytime.run(["--yes", "delete", "snowy2"])
        #expect(guessed.status == 1, "\(guessed.stdout)")
        #expect(guessed.stdout.contains("Did you mean Snowy?") && guessed.stdout.contains("nothing was changed"), "\(guessed.stdout)")
        #expect(try laundrytime.run(["/pets"]).stdout.contains("Snowy"), "Snowy is still there")

        // The exact name, or the start of exactly one pet's name, is no guess.
        let prefix = try laundrytime.run(["--yes", "start", "wash", "for", "snow"])
        #expect(prefix.status == 0 && prefix.stdout.contains("Snowy is getting clean"), "\(prefix.stdout)")
        // Without --yes a person reads the reply, which says how the name was taken.
        let asked = try laundrytime.run(["stop", "snowey"])
        #expect(asked.status == 0 && asked.stdout.hasPrefix("(I took “snowey” to mean Snowy.)"), "\(asked.stdout)")
    }

    /// A prompt left open (here, a script whose input stays open) makes a change; `undo` in another
    /// process does not take it back, and says whose it is.
    @Test func undoLeavesAnotherRunningSessionsChangeAlone() throws {
        _ = try laundrytime.run(script: "create pet Snowy\ncreate pet Fluffy\n")
        let open = try RunningLaundryTime(["--json"], dataDirectory: data, script: "start wash for snowy\n", keepInputOpen: true)
        #expect(open.nextLine()?.contains("\"ok\":true") == true)

        let undo = try laundrytime.run(["undo"])
        #expect(undo.status == 1, "\(undo.stdout)")
        #expect(undo.stdout.contains("was made in another LaundryTime that is still open (process \(open.processIdentifier))"),
                "\(undo.stdout)")
        #expect(try laundrytime.run(["how", "is", "snowy"]).stdout.contains("is getting clean"), "the wash still runs")

        // Its own change is its own to undo.
        open.send("undo")
        #expect(open.nextLine()?.contains("Undone: started Snowy's wash.") == true)
        _ = open.finish()
        // Once that session has ended, its changes are anyone's: an earlier session's, named so.
        // Undoing a creation deletes the pet: when an earlier session made it, that is asked first,
        // as a delete is ("undo" typed days later, meaning something else, deleted a pet).
        let asked = try laundrytime.run(["undo"])
        #expect(asked.status == 1 && asked.stdout.hasPrefix(
            "Undo “created Fluffy” (made 09:00, in an earlier session)? Fluffy and all its data would be deleted. (yes/no)"),
                "\(asked.stdout)")
        #expect(try laundrytime.run(["/pets"]).stdout.contains("Fluffy"), "Fluffy is still there")
        let declined = try laundrytime.run(script: "undo\nno\n")
        #expect(declined.stdout.contains("Okay, nothing was undone. Fluffy stays."), "\(declined.stdout)")
        #expect(try laundrytime.run(["/pets"]).stdout.contains("Fluffy"), "Fluffy is still there")
        let later = try laundrytime.run(["--yes", "undo"])
        #expect(later.status == 0 && later.stdout.hasPrefix("Undone: created Fluffy (made 09:00, in an earlier session)."), "\(later.stdout)")
        #expect(try !laundrytime.run(["/pets"]).stdout.contains("Fluffy"), "Fluffy is gone")
    }

    /// A pet created in this session is taken back by "undo" at once: a mistake just made.
    @Test func undoOfThisSessionsCreationIsNotAsked() throws {
        let run = try laundrytime.run(script: "create pet Snowy\nundo\n")
        #expect(run.stdout.contains("Undone: created Snowy."), "\(run.stdout)")
        #expect(!run.stdout.contains("(yes/no)"), "\(run.stdout)")
    }

    /// A change is taken back only while the pet is as the change left it; otherwise the reply names
    /// the newer change, and nothing is undone.
    @Test func undoRefusesAChangeThatANewerOneBuiltOn() throws {
        _ = try laundrytime.run(["create", "pet", "Snowy"])
        let open = try RunningLaundryTime(["--json"], dataDirectory: data, script: "rename snowy to Flake\n", keepInputOpen: true)
        #expect(open.nextLine()?.contains("\"ok\":true") == true)
        let other = try RunningLaundryTime(["--json"], dataDirectory: data, script: "start wash for flake\n", keepInputOpen: true)
        #expect(other.nextLine()?.contains("\"ok\":true") == true)

        open.send("undo")
        let refused = open.nextLine() ?? ""
        #expect(refused.contains("\"ok\":false") && refused.contains("Not undone: “renamed Snowy to Flake”")
                    && refused.contains("“started Flake's wash”"), "\(refused)")
        _ = other.finish()
        _ = open.finish()
        #expect(try laundrytime.run(["/pets"]).stdout.contains("Flake"), "the rename stands")
    }
}
