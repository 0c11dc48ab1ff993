import Foundation

// Build-time: turns Sources/LaundryCore/confusables.txt (Unicode's confusable prototypes, one
// mapping a line in hex, written by scripts/generate-confusables) into Swift for LaundryCore — one
// string literal, which costs nothing until ConfusableTable parses it on first use (a dictionary
// literal of thousands of entries would make the compiler slow and be built at start). The data
// stays data in the repository; only the build makes source of it.
//
// Usage: ConfusablesEmbedder INPUT OUTPUT

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    try? FileHandle.standardError.write(contentsOf: Data("usage: ConfusablesEmbedder INPUT OUTPUT\n".utf8))
    exit(2)
}
let input = arguments[1], output = arguments[2]

/// Stops the build with `message`, naming the file and line.
func fail(_ message: String, line: Int) -> Never {
    try? FileHandle.standardError.write(contentsOf: Data("\(input):\(line): error: \(message)\n".utf8))
    exit(1)
}

guard let text = try? String(contentsOfFile: input, encoding: .utf8) else {
    fail("cannot be read", line: 0)
}
var version: String?
var mappings: [Substring] = []
for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
    if line.hasPrefix("#") {
        if line.hasPrefix("# version: ") { version = String(line.dropFirst("# version: ".count)) }
        continue
    }
    if line.isEmpty { continue }
    // Hex code points separated by single spaces: the source, then what it looks like.
    let fields = line.split(separator: " ")
    guard fields.count >= 2, fields.allSatisfy({ UInt32($0, radix: 16) != nil }) else {
        fail("not a mapping of hexadecimal code points: \(line)", line: index + 1)
    }
    mappings.append(line)
}
guard let version else { fail("no “# version: ” line", line: 0) }

let swift = """
    // Made at build time from Sources/LaundryCore/confusables.txt by the EmbedConfusables plugin.

    /// Unicode's confusable prototypes (UTS #39 §4), one mapping a line: a character and the
    /// characters it looks like, as hexadecimal code points ("405 53": Cyrillic Ѕ looks like Latin S).
    enum ConfusablePrototypes {
        /// The version of confusables.txt these come from.
        static let unicodeVersion = "\(version)"

        /// How many mappings ``text`` holds.
        static let count = \(mappings.count)

        static let text = \"\"\"
    \(mappings.joined(separator: "\n"))
    \"\"\"
    }

    """
do {
    try swift.write(toFile: output, atomically: true, encoding: .utf8)
} catch {
    fail("cannot write \(output): \(error)", line: 0)
}
