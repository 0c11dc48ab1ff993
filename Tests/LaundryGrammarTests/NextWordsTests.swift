import EnglishGrammar
import LaundryGrammar
import Testing

/// Tab completion from the grammar's shape: after the words typed, only words
/// that can come next in some template, and pet names where a `{pet}` can stand.
@Suite struct NextWordsTests {
    let pets = ["Snowy", "Mr. Fluff"]

    func next(_ typed: String) throws -> NextWords? {
        try Grammar.english.nextWords(after: typed, pets: pets)
    }

    @Test func afterAVerbOnlyWhatCanFollowIt() throws {
        let words = try #require(try next("start")).words
        #expect(words.contains("wash") && words.contains("dryer"), "\(words)")
        #expect(!words.contains("history") && !words.contains("notifications") && !words.contains("start"), "\(words)")
        #expect(words.count < 40, "\(words.count): \(words)")
    }

    @Test func aPetCanStandAfterForAndAfterAVerb() throws {
        #expect(try #require(try next("start wash for")).pet)
        #expect(try #require(try next("how is")).pet)
        #expect(try #require(try next("wash")).pet)
        #expect(try next("start wash for snowy")?.pet != true, "after the pet, no other pet")
    }

    @Test func slotsTakeTheirWords() throws {
        // A pet's name of two words, a number's words, free text.
        let whole = try #require(try next("start wash for mr fluff"), "a whole sentence: nothing more, but not nothing known")
        #expect(!whole.pet && !whole.words.contains("wash"), "\(whole)")
        let minutes = try #require(try next("set snowy's wash time to 45"))
        #expect(minutes.words.contains("minutes"), "\(minutes.words)")
        let named = try #require(try next("create pet called Towel"))
        #expect(!named.pet)
    }

    @Test func fillerIsPassedOver() throws {
        let words = try #require(try next("please start")).words
        #expect(words.contains("wash"), "\(words)")
    }

    /// Filler is no completion — "me" after "start dryer for" (it would only
    /// make "for me"), nor "please" or "now" after a command: the pets are what is offered.
    @Test func fillerIsNotOffered() throws {
        let afterFor = try #require(try next("start dryer for"))
        #expect(afterFor.pet && !afterFor.words.contains("me"), "\(afterFor.words)")
        let afterCommand = try #require(try next("start wash"))
        for filler in ["please", "pls", "now", "thanks"] { #expect(!afterCommand.words.contains(filler), "\(filler): \(afterCommand.words)") }
        #expect(afterCommand.words.contains("for"), "\(afterCommand.words)")
    }

    @Test func theFirstWordCanBeAnyTemplatesFirst() throws {
        let first = try #require(try next(""))
        #expect(first.words.contains("start") && first.words.contains("/status") && first.words.contains("history"))
        #expect(first.pet, "“snowy: wash” starts with a pet")
    }

    @Test func wordsNoTemplateStartsWithGiveNothing() throws {
        #expect(try next("flarp zork") == nil)
    }
}
