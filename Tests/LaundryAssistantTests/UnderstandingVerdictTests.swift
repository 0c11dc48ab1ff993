import Foundation
import LaundryAssistant
import LaundryCore
import LaundryGrammar
import LaundryTestSupport
import Testing

/// The scorer's judgement of one reply, on replies made by hand: what counts as understood.
@Suite struct UnderstandingVerdictTests {
    static let pets = ["Snowy", "Fluffy", "Mr. Fluff", "Buddy"]

    func line(_ intent: Intent, _ slots: [String: String] = [:]) -> LabelledLine {
        LabelledLine(text: "a line", intent: intent, slots: slots, kind: "plain", location: "test.tsv:1")
    }

    func reply(
        _ intent: Intent, _ slots: [String: String] = [:], pet: String? = nil, failure: Reply.Failure? = nil,
        text: String = "", awaiting: Reply.Awaiting? = nil
    ) -> Reply {
        Reply(input: "a line", intent: intent, slots: Dictionary(uniqueKeysWithValues: slots.map { (SlotKind(rawValue: $0.key)!, SlotValue(text: $0.value)) }), pet: pet, failure: failure, text: text, at: AssistantFixture.start,
              awaiting: awaiting)
    }

    func verdict(_ reply: Reply, _ line: LabelledLine) -> UnderstandingVerdict {
        UnderstandingVerdict(reply, for: line, pets: Self.pets)
    }

    @Test func theIntentThePetAndTheLabelledValuesMakeARightLine() {
        let label = line(.setWashTime, ["pet": "Snowy", "minutes": "40"])
        #expect(verdict(reply(.setWashTime, ["pet": "snowy's", "minutes": "40"], pet: "Snowy"), label) == .right)
        #expect(verdict(reply(.setDryTime, ["pet": "snowy", "minutes": "40"], pet: "Snowy"), label) == .wrongIntent)
        #expect(verdict(reply(.setWashTime, ["pet": "fluffy", "minutes": "40"], pet: "Fluffy"), label) == .wrongPet)
        #expect(verdict(reply(.setWashTime, ["pet": "snowy", "minutes": "4"], pet: "Snowy"), label) == .wrongValue)
        #expect(verdict(reply(.unknown, failure: .notUnderstood), label) == .notUnderstood)
    }

    @Test func slotsTheLabelLeavesOutAreNotJudged() {
        #expect(verdict(reply(.startWash, ["pet": "snowy"], pet: "Snowy"), line(.startWash)) == .right)
        #expect(verdict(reply(.history, ["range": "this_week"]), line(.history)) == .right)
    }

    @Test func aRefusalOrAQuestionCountsByItsIntent() {
        let refused = reply(.startDry, ["pet": "snowy"], pet: "Snowy", failure: .refused, text: "Snowy is not washed yet.")
        #expect(verdict(refused, line(.startDry, ["pet": "Snowy"])) == .right)
        let asked = reply(.deletePet, ["pet": "snowy"], pet: "Snowy", text: "Delete Snowy? (yes/no)", awaiting: .confirmation)
        #expect(verdict(asked, line(.deletePet, ["pet": "Snowy"])) == .right)
        let guess = reply(.startWash, ["pet": "fluffy"], pet: "Fluffy", text: "Start the wash for Fluffy? (yes/no)",
                          awaiting: .confirmation)
        #expect(verdict(guess, line(.startWash, ["pet": "Fluffy"])) == .right)
        #expect(verdict(reply(.startWash, text: "Which pet?", awaiting: .pet), line(.startWash)) == .right)
        #expect(verdict(reply(.startWash, text: "Which pet?", awaiting: .pet), line(.startWash, ["pet": "Snowy"])) == .wrongPet)
    }

    @Test func aMisspeltPetCountsWhenTheAssistantTookItForTheRightOne() {
        let label = line(.showPet, ["pet": "Snowy"])
        #expect(verdict(reply(.showPet, ["pet": "snowey"], pet: "Snowy"), label) == .right)
        #expect(verdict(reply(.showPet, ["pet": "snowey"], failure: .refused), label) == .wrongPet)
    }

    @Test func aPetTheUserDoesNotHaveIsJudgedByTheWords() {
        let label = line(.deletePet, ["pet": "rex"])
        #expect(verdict(reply(.deletePet, ["pet": "rex"], failure: .refused), label) == .right)
        #expect(verdict(reply(.deletePet, ["pet": "rex"], pet: "Buddy", awaiting: .confirmation), label) == .wrongPet)
        #expect(verdict(reply(.deletePet, ["pet": "rexy"], failure: .refused), label) == .wrongPet)
    }

    @Test func aRenameIsAboutThePetItRenamed() {
        let label = line(.renamePet, ["pet": "Snowy", "name": "Frosty"])
        let renamed = reply(.renamePet, ["pet": "snowy", "name": "Frosty"], pet: "Frosty",
                            text: "Snowy is now called Frosty. Frosty is so happy!")
        #expect(verdict(renamed, label) == .right)
        let guessed = reply(.renamePet, ["pet": "snowi", "name": "Frosty"], pet: "Frosty",
                            text: "(I took “snowi” to mean Snowy.) Snowy is now called Frosty. Frosty is so happy!")
        #expect(verdict(guessed, label) == .right)
        let other = reply(.renamePet, ["pet": "fluffy", "name": "Frosty"], pet: "Frosty",
                          text: "Fluffy is now called Frosty. Frosty is so happy!")
        #expect(verdict(other, label) == .wrongPet)
        let fluff = line(.renamePet, ["pet": "Fluffy", "name": "Puff"])
        let mrFluff = reply(.renamePet, ["pet": "mr fluff", "name": "Puff"], pet: "Puff", text: "Mr. Fluff is now called Puff.")
        #expect(verdict(mrFluff, fluff) == .wrongPet)
    }

    @Test func anUnknownLineIsRightOnlyWhenNotUnderstood() {
        #expect(verdict(reply(.unknown, failure: .notUnderstood), line(.unknown)) == .right)
        #expect(verdict(reply(.renamePet, ["pet": "a"], failure: .refused), line(.unknown)) == .wrongIntent)
    }
}
