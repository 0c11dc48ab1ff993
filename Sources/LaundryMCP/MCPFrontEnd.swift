#if MCP
import Foundation
import LaundryAssistant
import LaundryCore
import LaundryTerminal
import MCP

/// The server's side of the conversation: tools, resources and prompts answered through a
/// ``CalledSession``, one at a time — a question asked of the person (an elicitation) holds the
/// conversation until it is answered, so that no other call can answer it or slip in between.
@MainActor
final class MCPFrontEnd {
    let session: CalledSession
    /// How long a person has to answer a confirmation before the call fails, undone.
    let answerTimeout: Duration
    var server: Server?
    /// Whether the client can ask its person (declared at initialize).
    var canElicit = false
    /// The resources a client asked to hear of.
    var subscriptions: Set<String> = []
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(session: CalledSession, answerTimeout: Duration) {
        self.session = session
        self.answerTimeout = answerTimeout
    }

    /// Runs `body` alone: calls that come meanwhile wait their turn.
    func exclusive<T>(_ body: () async throws -> T) async rethrows -> T {
        while busy { await withCheckedContinuation { waiting.append($0) } }
        busy = true
        defer {
            busy = false
            if !waiting.isEmpty { waiting.removeFirst().resume() }
        }
        return try await body()
    }

    /// The pets' names and nicknames, where a sentence can name a pet.
    var petNames: [String] {
        session.conversation.completion(after: "").petNames
    }

    func tools() -> [Tool] {
        let names = petNames
        return Tools.all.map { $0.tool(petNames: names) }
    }

    // MARK: - Tools

    func call(_ params: CallTool.Parameters) async throws -> CallTool.Result {
        guard let spec = Tools.all.first(where: { $0.name == params.name }) else {
            throw MCPError.invalidParams("Unknown tool: \(params.name)")
        }
        let line: String
        do {
            line = try spec.sentence(Arguments(values: params.arguments ?? [:]))
        } catch {
            return CallTool.Result(content: [.text(text: error.message, annotations: nil, _meta: nil)], isError: true)
        }
        return try await exclusive {
            let before = petNames
            let answer = session.answer(line)
            let result = answer.reply.awaiting == .confirmation ? try await confirm(answer, line: line) : Self.result(answer)
            if petNames != before { await tellListsChanged() }
            return result
        }
    }

    /// The reply's text, and the object `--json` prints for it.
    nonisolated static func result(_ answer: CalledSession.Answer, text: String? = nil, isError: Bool? = nil) -> CallTool.Result {
        let structured = try? JSONDecoder().decode(Value.self, from: Data(answer.json.utf8))
        return CallTool.Result(content: [.text(text: text ?? answer.text, annotations: nil, _meta: nil)],
                               structuredContent: structured, isError: isError ?? !answer.reply.ok)
    }

    /// A change the conversation asks about first (a delete, a reset, a guessed change): the
    /// person answers through the client; a client that cannot ask gets it refused, with what
    /// would confirm it. Never the model's answer: the question is settled within this call.
    private func confirm(_ question: CalledSession.Answer, line: String) async throws -> CallTool.Result {
        guard canElicit, let server else {
            _ = session.answer("no")
            let refusal = "\(question.text) — Not done: LaundryTime asks the person before this, and this client cannot ask. "
                + "To do it, say “\(line)” at LaundryTime's prompt and answer yes."
            return Self.result(question, text: refusal, isError: true)
        }
        let schema = Elicitation.RequestSchema(
            title: "LaundryTime asks", description: question.text,
            properties: ["confirm": ["type": "boolean", "title": "Yes, do it", "description": .string(question.text)]],
            required: ["confirm"])
        let outcome = try await firstOf({ try await server.requestElicitation(message: question.text, requestedSchema: schema) },
                                        orAfter: answerTimeout)
        guard let outcome else {
            // No answer in time: the change is not made, and the call fails as the protocol says.
            _ = session.answer("no")
            throw MCPError.serverError(code: -32001, message: "No answer to “\(question.text)” within \(answerTimeout): nothing was done.")
        }
        let yes = outcome.action == .accept && outcome.content?["confirm"] == .bool(true)
        return Self.result(session.answer(yes ? "yes" : "no"))
    }

    /// Clients that list tools and resources hear that the pets changed (their names are in
    /// the tools' schemas).
    private func tellListsChanged() async {
        try? await server?.notify(ToolListChangedNotification.message())
        try? await server?.notify(ResourceListChangedNotification.message())
    }
}

/// `work`'s result, or nil after `limit` — without waiting for `work` to notice: a request
/// to the client ends only when the client answers.
func firstOf<T: Sendable>(_ work: @escaping @Sendable () async throws -> T, orAfter limit: Duration) async throws -> T? {
    let once = Once<T?>()
    return try await withCheckedThrowingContinuation { continuation in
        once.continuation = continuation
        Task {
            do { once.resume(.success(try await work())) } catch { once.resume(.failure(error)) }
        }
        Task {
            try? await Task.sleep(for: limit)
            once.resume(.success(nil))
        }
    }
}

/// A continuation resumed by the first of several.
private final class Once<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    var continuation: CheckedContinuation<T, Error>?

    func resume(_ result: Result<T, Error>) {
        lock.lock()
        let taken = continuation
        continuation = nil
        lock.unlock()
        taken?.resume(with: result)
    }
}
#endif
