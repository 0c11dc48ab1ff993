import Foundation

/// The benchmark's options (see `--help`).
struct Settings {
    /// Minimum duration of one throughput round.
    var secondsPerRound = 2.0
    /// Throughput rounds per line set; the median is reported.
    var rounds = 5
    /// Grammar compilations timed one by one (and first uses of the classifier).
    var compilations = 200
    /// Generated non-matching lines (besides unknown.txt).
    var generatedNoMatchLines = 200
    /// A file of sentences, one a line, to measure as well (`--sentences`).
    var sentencesFile: String?
    /// Print what became of each of those sentences (`--show`).
    var showsSentences = false
    /// The user's pets while matching and classifying.
    var pets = ["Snowy", "Fluffy", "Mr. Fluff"]
    /// Stop after the whole corpus (section 2): a run to profile matching alone (`--corpus-only`).
    var corpusOnly = false

    static let usage = """
        usage: grammar-benchmark [--seconds S (2)] [--rounds N (5)] [--compilations N (200)]
                                 [--sentences FILE [--show]] [--pets "Snowy,Fluffy,Mr. Fluff"] [--corpus-only]
          --sentences FILE  also measure matching and classifying the lines of FILE (one sentence a line)
          --show            with --sentences: print what each line matched, or how it was classified
          --pets LIST       the user's pets, separated by commas
          --corpus-only     stop after section 2 (the whole corpus matched): to profile matching alone
        """

    static func parse(_ arguments: [String]) -> Settings {
        var settings = Settings()
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            func text() -> String {
                guard let text = iterator.next() else { fail("\(argument) needs a value") }
                return text
            }
            func value() -> Double {
                guard let number = Double(text()), number > 0 else { fail("\(argument) needs a positive number") }
                return number
            }
            switch argument {
            case "--seconds": settings.secondsPerRound = value()
            case "--rounds": settings.rounds = Int(value())
            case "--compilations": settings.compilations = Int(value())
            case "--sentences": settings.sentencesFile = text()
            case "--show": settings.showsSentences = true
            case "--corpus-only": settings.corpusOnly = true
            case "--pets": settings.pets = text().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            case "-h", "--help":
                print(usage)
                exit(0)
            default: fail("unknown argument \(argument) (try --help)")
            }
        }
        if settings.showsSentences && settings.sentencesFile == nil { fail("--show needs --sentences FILE") }
        return settings
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("grammar-benchmark: \(message)\n".utf8))
    exit(1)
}
