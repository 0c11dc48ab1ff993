import Foundation
import LaundryTestSupport
import Testing

/// Reading the corpora: the per-intent files and every blind corpus there is.
@Suite struct UnderstandingCorpusTests {
    let directory = TemporaryDirectory()

    func write(_ file: String, _ text: String) throws {
        try text.write(to: directory.url.appendingPathComponent(file), atomically: true, encoding: .utf8)
    }

    @Test func perIntentFilesGiveTheirIntentAndSlots() throws {
        try write("start_wash.txt", "# a comment\nstart wash for snowy => pet=Snowy\n\n  wash =>\n")
        try write("notes.txt", "not an intent\n")
        let corpus = UnderstandingCorpus.perIntent(in: directory.url)
        #expect(corpus.lines == [
            LabelledLine(text: "start wash for snowy", intent: .startWash, slots: ["pet": "Snowy"], location: "start_wash.txt:2"),
            LabelledLine(text: "wash", intent: .startWash, slots: [:], location: "start_wash.txt:4"),
        ])
        #expect(corpus.problems == ["Grammars/tests/notes.txt is not named after an intent"])
        #expect(corpus.pets == ["Snowy", "Fluffy", "Mr. Fluff"])
    }

    @Test func everyBlindCorpusIsReadInNaturalOrder() throws {
        try write("blind-2.tsv", "yes\tconfirm\t\tplain\r\nwash = 25 min for Mr. Fluff!\tset_wash_time\tpet=Mr. Fluff; minutes=25\tpunct\n")
        try write("blind-10.tsv", "hello\tgreeting\t\tplain\nbad line\tno_such_intent\t\tplain\n")
        try write("other.tsv", "hello\tgreeting\t\tplain\n")
        let corpora = UnderstandingCorpus.blind(in: directory.url)
        #expect(corpora.map(\.name) == ["blind-2", "blind-10"])
        #expect(corpora[0].lines == [
            LabelledLine(text: "yes", intent: .confirm, slots: [:], kind: "plain", location: "blind-2.tsv:1"),
            LabelledLine(text: "wash = 25 min for Mr. Fluff!", intent: .setWashTime, slots: ["pet": "Mr. Fluff", "minutes": "25"],
                         kind: "punct", location: "blind-2.tsv:2"),
        ])
        #expect(corpora[1].problems.count == 1 && corpora[1].lines.count == 1)
        #expect(corpora.allSatisfy { $0.pets == ["Snowy", "Fluffy", "Mr. Fluff", "Buddy"] })
    }
}
