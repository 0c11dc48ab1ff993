#if MCP
import LaundryCore
import MCP

/// The tools, one per operation: each with a JSON Schema as typed as the protocol allows, its
/// hints, and the sentence it stands for. A tool's call is that sentence, answered by the
/// conversation as a typed line is — the same checks, the same refusals in the same words, the
/// same transcript and undo — so that no second way of doing a thing can drift from the first.
/// The arguments are checked for their JSON type here; their values (a pet that is not there, a
/// number out of range) are the conversation's to refuse, in the prompt's sentence.
struct ToolSpec: Sendable {
    enum Kind: Sendable {
        /// Reads only.
        case reads
        /// Changes something; again with the same arguments changes nothing more.
        case idempotent
        /// Changes something; again does it again (a new pet, a new wash).
        case additive
        /// Takes something away (asked first).
        case destructive
    }

    let name: String
    let title: String
    let description: String
    let kind: Kind
    let properties: [(String, Property)]
    let required: [String]
    let sentence: @Sendable (Arguments) throws(ToolInputError) -> String

    func tool(petNames: [String]) -> Tool {
        var schema: [String: Value] = [:]
        for (key, property) in properties { schema[key] = property.schema(petNames: petNames) }
        let input: Value = [
            "type": "object", "properties": .object(schema), "required": .array(required.map { .string($0) }),
            "additionalProperties": false,
        ]
        let annotations = Tool.Annotations(
            title: title, readOnlyHint: kind == .reads, destructiveHint: kind == .destructive,
            idempotentHint: kind == .reads || kind == .idempotent, openWorldHint: false)
        return Tool(name: name, title: title, description: description, inputSchema: input, annotations: annotations)
    }
}

/// What an argument may be.
enum Property: Sendable {
    /// One of the pets (a name or a nickname), as the schema's enum lists them now.
    case pet(String)
    case text(String)
    case choice([String], String)
    case integer(ClosedRange<Int>, String)

    func schema(petNames: [String]) -> Value {
        switch self {
        case .pet(let description):
            // An empty enum would forbid every value: with no pet yet, any name (the conversation
            // says there is no such pet).
            var schema: [String: Value] = ["type": "string", "description": .string(description)]
            if !petNames.isEmpty { schema["enum"] = .array(petNames.map { .string($0) }) }
            return .object(schema)
        case .text(let description):
            return ["type": "string", "description": .string(description)]
        case .choice(let values, let description):
            return ["type": "string", "enum": .array(values.map { .string($0) }), "description": .string(description)]
        case .integer(let range, let description):
            return ["type": "integer", "minimum": .int(range.lowerBound), "maximum": .int(range.upperBound), "description": .string(description)]
        }
    }
}

/// An argument of the wrong JSON type, or missing: the client's mistake, said as a tool error.
struct ToolInputError: Error {
    let message: String
}

/// A call's arguments, read by their JSON type.
struct Arguments: Sendable {
    let values: [String: Value]

    func text(_ key: String) throws(ToolInputError) -> String {
        guard let value = try optionalText(key) else { throw ToolInputError(message: "“\(key)” is missing: it takes a string.") }
        return value
    }

    func optionalText(_ key: String) throws(ToolInputError) -> String? {
        guard let value = values[key], value != .null else { return nil }
        guard case .string(let text) = value else { throw ToolInputError(message: "“\(key)” takes a string.") }
        // A line is one line: a newline in an argument would end the sentence there.
        guard !text.contains(where: \.isNewline) else { throw ToolInputError(message: "“\(key)” takes one line, without line breaks.") }
        return text
    }

    func integer(_ key: String) throws(ToolInputError) -> Int {
        guard let value = try optionalInteger(key) else { throw ToolInputError(message: "“\(key)” is missing: it takes a whole number.") }
        return value
    }

    func optionalInteger(_ key: String) throws(ToolInputError) -> Int? {
        switch values[key] {
        case nil, .null?: return nil
        case .int(let number)?: return number
        case .double(let number)? where number.rounded() == number && abs(number) < 1e9: return Int(number)
        default: throw ToolInputError(message: "“\(key)” takes a whole number.")
        }
    }

    /// A pet's name as a sentence quotes it, so that a name made of command words ("Start Wash")
    /// stays a name. A name with a quotation mark of its own is given bare: the grammar takes
    /// the longest pet's name that fits.
    func pet(_ key: String = "pet") throws(ToolInputError) -> String {
        Self.quoted(try text(key))
    }

    static func quoted(_ name: String) -> String {
        name.contains("\"") ? name : "\"\(name)\""
    }
}
#endif
