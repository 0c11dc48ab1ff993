/// Words the reader of a line looks for by what they do there, not by what they mean: the
/// grammar names them (`words ROLE = WORD | WORD …`), so that the engine holds no word of any
/// language.
public enum WordRole: String, CaseIterable, Sendable {
    /// Starts why, or while what, a command is asked, said after it: "pause snowy *while* im at
    /// camp", "freeze fluffy *because* I'm in hospital".
    case reason
    /// Starts a reason only before a ``reasonSubject`` ("start the washing for Fluffy *as* it is
    /// Sunday"); elsewhere it is a word of its own ("as well as", "export it as csv").
    case looseReason = "loose_reason"
    /// After a ``looseReason`` word, says that a reason starts there: "as *it* is", "as *we* are".
    case reasonSubject = "reason_subject"
    /// After which what is asked follows what is said around it: "I'll be at my mom's *so* pause
    /// fluffy".
    case then

    // The words a line is read by that say nothing of its command, but of who or how many it
    // is about and how it answers.
    /// Stand for the pet last talked about: "wash *it*", "how is *she*".
    case pronoun
    /// Everyone's word for a pet, which names no pet even where a pet is called so.
    case pet
    /// Say that a new pet is meant, when a guess would make one: "a new *pet*", "*call* it Shirty".
    case naming
    /// After which a new name starts (phrases): "a pet *called* Denim", "*name it* Office".
    case nameLead = "name_lead"
    /// After which a line no template fits gives a new name (phrases): "fluffy needs a *new name*:
    /// Marshmallow".
    case scannedNameLead = "scanned_name_lead"
    /// Lead to a new name and so cannot start it: "rename fluffy *to* Fuzz".
    case nameLeadIn = "name_lead_in"
    /// After a new name, start what the pet is for, which ends the name (phrases): "a pet called
    /// Sparkle *for my* socks".
    case namePurpose = "name_purpose"
    /// Stand for several pets at once (phrases): "fold *them all*", "pause *both of them*".
    case severalPets = "several_pets"
    /// After which an unknown word stands where a pet's name would: "start wsh *for* fluffy".
    case petLeadIn = "pet_lead_in"
    /// Verbs in the past with no past ending, as a step is told: "jenny *put* fluffy in the dryer".
    case pastVerb = "past_verb"
    /// The ending of a verb in the past: "carlos fold*ed* snowy".
    case pastEnding = "past_ending"
    /// Passed over between a name and the step it told: "jenny *already* put …".
    case toldAside = "told_aside"
    /// Endings a word may have (``WordRoles/forms(of:)``): ENDING, or ENDING:RESTORED for a word
    /// whose ending took the place of RESTORED ("deleted" is a form of "delete").
    case ending
    /// Words said around the number of a choice: "*the* second *one*", "*number* 2".
    case choiceFiller = "choice_filler"
    /// The first, second, … choice: the n-th word stands for n.
    case ordinal
    /// One, two, … as a choice: the n-th word stands for n.
    case choiceNumber = "choice_number"
    /// After the digits of an ordinal: "2*nd*".
    case ordinalSuffix = "ordinal_suffix"
    /// The last choice: "the *last* one".
    case last
    /// Stands for a time said earlier in the line: "… like 38 minutes now so set snowy's wash to
    /// *that*".
    case timeReference = "time_reference"

    // The words of numbers, times and days the typed slots read (``SlotWords``), each with the
    // value it stands for where it has one (WORD:VALUE; the grammar's header says which).
    /// Numbers: "five", "twenty", "hundred"; "a", "and", "of" around them.
    case number, numberTens = "number_tens", numberHundred = "number_hundred", article, and, of
    /// Parts of a unit ("half", "quarters") and units of a duration, in minutes.
    case fraction, fractionPlural = "fraction_plural", durationUnit = "duration_unit"
    /// Frequencies, in days: "every", "weekly", "a" (per), "twice", "times", "weeks", "3d".
    case every, frequency, frequencyPer = "frequency_per", timesSaid = "times_said", times,
        frequencyUnit = "frequency_unit", unitSuffix = "unit_suffix"
    /// Spans of history: "this week", "today's", "last", "days", "since".
    case range, rangePossessive = "range_possessive", rangeLast = "range_last", rangeUnit = "range_unit", since
    /// Instants: "about", "4ish", "ago", "before", "in", "days", "yesterday", "morning", "tonight",
    /// "last night", "at" (after a part of the day), "at" (before a time).
    case roughly, roughlySuffix = "roughly_suffix", ago, agoBefore = "ago_before", ahead, dayUnit = "day_unit",
        instantDay = "instant_day", dayPart = "day_part", dayPartToday = "day_part_today",
        dayPartYesterday = "day_part_yesterday", timeLead = "time_lead", clockAt = "clock_at"
    /// Times of day: "o'clock", "half", "past", "to", "noon", "pm", the "h" of "8h30".
    case oclock, clockFraction = "clock_fraction", clockPast = "clock_past", clockTo = "clock_to",
        clockWord = "clock_word", halfDay = "half_day", hourMark = "hour_mark"
    /// The end of a pause: "weeks", "couple", "at", "on", "tomorrow", "next", "next month", "day" (12),
    /// "monday", "december", "twelfth".
    case spanUnit = "span_unit", couple, dayAt = "day_at", dayOn = "day_on", dayNamed = "day_named", dayNext = "day_next",
        nextMonth = "next_month", dayOfMonth = "day_of_month", weekday, month, dateOrdinal = "date_ordinal"
    /// Around numbers, read by no parser: what makes a number of a word ("thousand", "minus"), what
    /// gives a number its meaning ("hours", "weekly"), the units offered after a slot's number.
    case numberLike = "number_like", unitOfTime = "unit_of_time", unitOffered = "unit_offered"

    /// Whether the role's words may be phrases of several words.
    var takesPhrases: Bool {
        switch self {
        case .nameLead, .scannedNameLead, .namePurpose, .severalPets, .frequency, .range, .dayPartToday, .dayPartYesterday, .dayNamed, .nextMonth: true
        default: false
        }
    }
}

/// The grammar's `words` lines: each role's words — or phrases, their words single-spaced —
/// normalised as a line's words are, in the order the grammar gives them.
struct WordRoles: Sendable, Equatable {
    private(set) var lists: [WordRole: [String]] = [:]
    private var sets: [WordRole: Set<String>] = [:]

    subscript(role: WordRole) -> Set<String> { sets[role] ?? [] }

    /// The role's words in the grammar's order, each once.
    func list(_ role: WordRole) -> [String] { lists[role] ?? [] }

    /// `normalised`: the words are normalised already, as compiled tables hold them (the roles
    /// hold several hundred words, read when a grammar is).
    init(_ lists: [(role: WordRole, words: [String])], normalised isNormalised: Bool = false) {
        // Sized once: growing them, rehashing at each doubling, was a third of making them.
        (self.lists, sets) = (.init(minimumCapacity: lists.count), .init(minimumCapacity: lists.count))
        for (role, list) in lists {
            if !list.isEmpty, sets[role] == nil { sets[role] = Set(minimumCapacity: list.count) }
            for phrase in list {
                let normalised = isNormalised ? phrase
                    : phrase.split(separator: " ").map { Tokenizer.normalize(String($0)) }.joined(separator: " ")
                if sets[role, default: []].insert(normalised).inserted { self.lists[role, default: []].append(normalised) }
            }
        }
    }

    static let empty = WordRoles([])

    /// A word and the words it may be a form of, by the ``WordRole/ending`` words: "deleted" →
    /// "delet", "delete"; "pausing" → "paus", "pause". An ending counts only on a word more than
    /// two letters longer than it.
    func forms(of word: String) -> [String] {
        var forms = [word]
        for ending in list(.ending) {
            let parts = ending.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard word.hasSuffix(parts[0]), word.count > parts[0].count + 2 else { continue }
            forms.append(String(word.dropLast(parts[0].count)) + (parts.count == 2 ? parts[1] : ""))
        }
        return forms
    }

    /// The word without the longest plain ``WordRole/ending`` it has ("washing" → "wash"), or as
    /// it is: how a help topic finds its intents.
    func stem(_ word: String) -> String {
        let ending = list(.ending).filter { !$0.contains(":") && word.hasSuffix($0) && word.count > $0.count + 2 }
            .max { $0.count < $1.count }
        return ending.map { String(word.dropLast($0.count)) } ?? word
    }

    /// Whether a line speaks of several pets at once ("them all", "both of them"; a
    /// ``WordRole/severalPets`` phrase) — not of a whole week ("night shifts all week").
    func saysSeveralPets(_ text: String) -> Bool {
        saysPhrase(of: .severalPets, in: Tokenizer.tokens(of: text).map(\.word))
    }

    /// Whether one of the role's phrases stands in `words`, anywhere.
    private func saysPhrase(of role: WordRole, in words: [String]) -> Bool {
        list(role).contains { phrase in
            let phrase = phrase.split(separator: " ")
            return words.count >= phrase.count
                && (0...words.count - phrase.count).contains { words[$0..<$0 + phrase.count].elementsEqual(phrase) { $0 == $1 } }
        }
    }
}
