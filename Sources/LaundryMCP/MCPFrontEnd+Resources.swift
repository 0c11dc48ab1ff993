#if MCP
import Foundation
import LaundryAssistant
import LaundryCore
import LaundryTerminal
import MCP

/// Resources (the pets, a pet's card, the history), what a subscriber hears, and the prompts.
extension MCPFrontEnd {
    nonisolated static let petsURI = "laundrytime://pets"
    nonisolated static let historyURI = "laundrytime://history"
    nonisolated static let petPrefix = "laundrytime://pets/"

    func resources() -> [Resource] {
        [
            Resource(name: "pets", uri: Self.petsURI, title: "Every pet", description: "Each pet's health, mood, timer and what is next.",
                     mimeType: "text/plain"),
            Resource(name: "history", uri: Self.historyURI, title: "History", description: "What was washed, dried and folded.",
                     mimeType: "text/plain"),
        ] + petNames.map { name in
            Resource(name: name, uri: Self.petPrefix + Self.escaped(name), title: name, description: "\(name)'s card.", mimeType: "text/plain")
        }
    }

    nonisolated static let petTemplate = Resource.Template(
        uriTemplate: petPrefix + "{name}", name: "pet", title: "A pet's card", description: "One pet's card, by its name.", mimeType: "text/plain")

    nonisolated static func escaped(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? name
    }

    /// A resource as text and as the `--json` object: the sentence that shows it, answered.
    func read(_ uri: String) async throws -> ReadResource.Result {
        let line: String
        if uri == Self.petsURI {
            line = "status"
        } else if uri == Self.historyURI {
            line = "history"
        } else if uri.hasPrefix(Self.petPrefix), let name = String(uri.dropFirst(Self.petPrefix.count)).removingPercentEncoding,
                  !name.isEmpty, !name.contains(where: \.isNewline) {
            line = "show \(Arguments.quoted(name))"
        } else {
            throw MCPError.invalidParams("No resource \(uri): there are \(Self.petsURI), \(Self.petPrefix){name} and \(Self.historyURI).")
        }
        return try await exclusive {
            let answer = session.answer(line)
            guard answer.reply.ok else {
                // The protocol's "resource not found".
                throw MCPError.serverError(code: -32002, message: answer.text)
            }
            return ReadResource.Result(contents: [
                .text(answer.text, uri: uri, mimeType: "text/plain"),
                .text(answer.json, uri: uri, mimeType: "application/json"),
            ])
        }
    }

    // MARK: - Subscriptions

    /// Looks for what is due while anyone listens: each notice claimed as the prompt claims it
    /// (told once, here or at a prompt, never both), sent as a log message with its line and
    /// object, and as an update of the resources it changes.
    func watch() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(1))
            guard !subscriptions.isEmpty, let server else { continue }
            let told = await exclusive { session.due().told }
            for item in told {
                let object = (try? JSONDecoder().decode(Value.self, from: Data(item.json.utf8))) ?? .null
                try? await server.log(level: .notice, logger: "laundrytime", data: ["text": .string(item.line), "event": object])
                var changed = [Self.petsURI, Self.historyURI]
                if let pet = item.pet { changed.append(Self.petPrefix + Self.escaped(pet)) }
                for uri in changed where subscriptions.contains(uri) {
                    try? await server.notify(ResourceUpdatedNotification.message(.init(uri: uri)))
                }
            }
        }
    }

    // MARK: - Prompts

    nonisolated static let prompts = [
        Prompt(name: "what_needs_doing_now", title: "What needs doing now",
               description: "The pets as they are now, and what to do next, most urgent first."),
        Prompt(name: "this_weeks_summary", title: "This week's summary", description: "What was washed, dried and folded this week."),
    ]

    func prompt(_ name: String) async throws -> GetPrompt.Result {
        let (line, ask): (String, String)
        switch name {
        case "what_needs_doing_now":
            (line, ask) = ("status", "What needs doing now with my laundry? Most urgent first, in a few short lines.")
        case "this_weeks_summary":
            (line, ask) = ("history this week", "Sum up this week's laundry in a few sentences: what was done, what was missed.")
        default:
            throw MCPError.invalidParams("No prompt \(name): there are what_needs_doing_now and this_weeks_summary.")
        }
        let answer = await exclusive { session.answer(line) }
        return GetPrompt.Result(description: Self.prompts.first { $0.name == name }?.description, messages: [
            .user(.text(text: "LaundryTime says:\n\(answer.text)\n\n\(ask)")),
        ])
    }
}
#endif
