import Foundation
import LaundryTestSupport
import Testing

/// Pets known by their laundry, through the real binary: made with a kind, named by it in later
/// runs, shown on the card, carried in `--json`, completed in the shell, renamed and undone.
@Suite struct PetKindEndToEndTests {
    let directory = TemporaryDirectory()
    var data: URL { directory.url.appendingPathComponent("data") }
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: data) }

    @Test func aKindIsCarriedInJSONAndNamesThePetInALaterRun() throws {
        let made = try laundrytime.run(["--json"], script: "create pet Fluffy for towels\ncreate pet Snowy\nalso call snowy the whites\n")
        #expect(made.status == 0, "\(made.stdout)")
        let lines = made.jsonLines
        #expect(lines.first?["intent"] as? String == "create_pet" && lines.first?["pet"] as? String == "Fluffy")
        #expect(lines.first?["slots"] as? [String: String] == ["name": "Fluffy", "value": "towels"])
        #expect(lines.first?["nicknames"] as? [String] == ["towels"])
        #expect(lines.dropFirst().first?["nicknames"] as? [String] == [], "a pet without any has an empty list")
        #expect(lines.last?["intent"] as? String == "add_nickname" && lines.last?["nicknames"] as? [String] == ["whites"])

        let washed = try laundrytime.run(["--json", "wash", "the", "towels"], now: "2026-03-01T10:00:00Z")
        let wash = try #require(washed.jsonLines.first)
        #expect(washed.status == 0 && wash["intent"] as? String == "start_wash" && wash["pet"] as? String == "Fluffy")
        #expect(wash["slots"] as? [String: String] == ["pet": "the towels"])
        let unknown = try laundrytime.run(["--json", "banana"])
        #expect(unknown.jsonLines.first?["nicknames"] == nil, "no pet, no nicknames")
    }

    @Test func theCardShowsTheKindAndNicknames() throws {
        let result = try laundrytime.run(script: "create pet Fluffy for towels\nfluffy is also called the bath mats\nhow is my towels\n")
        #expect(result.status == 0)
        let card = try #require(result.stdout.components(separatedBy: "\n\n").last)
        #expect(card.hasPrefix("Fluffy ^‿^ is so happy!\nTowels · also: bath mats\nHealth 100%"), "\(card)")
    }

    @Test func renamedAndUndoneTheKindStays() throws {
        let result = try laundrytime.run(["--json"], script: "create pet Fluffy for towels\nrename the towels to Puff\nundo\nhow is the towels\n")
        let lines = result.jsonLines
        #expect(lines.map { $0["pet"] as? String } == ["Fluffy", "Puff", "Fluffy", "Fluffy"], "\(lines.map { $0["text"] ?? "" })")
        #expect(lines.last?["nicknames"] as? [String] == ["towels"])
    }
}
