#if MCP
import Dispatch
import Foundation
import LaundryCore
import LaundryTerminal
import MCP

/// `laundrytime mcp`: the conversation as a Model Context Protocol server on stdin and stdout
/// (docs/mcp.md). Ends when stdin closes.
public enum MCPServer {
    /// Who the transcript and the household's news name for a call: the member, through their
    /// assistant.
    public static func member(for typist: String) -> String {
        typist + " (assistant)"
    }

    /// Serves until stdin closes, then exits (status 0; 1 when the transport could not start).
    /// `LAUNDRYTIME_MCP_ANSWER_SECONDS` is how long a confirmation waits for its person (120 s).
    @MainActor
    public static func run(_ session: CalledSession, environment: [String: String]) -> Never {
        let seconds = environment["LAUNDRYTIME_MCP_ANSWER_SECONDS"].flatMap(Double.init).flatMap { $0 > 0 && $0 <= 86_400 ? $0 : nil } ?? 120
        let frontEnd = MCPFrontEnd(session: session, answerTimeout: .milliseconds(Int64(seconds * 1000)))
        Task { @MainActor in
            let status = await frontEnd.serve()
            session.hooks?.waitForAll()
            exit(status)
        }
        dispatchMain()
    }
}

extension MCPFrontEnd {
    func serve() async -> Int32 {
        let server = Server(
            name: "laundrytime", version: LaundryTimeVersion.current, title: "LaundryTime",
            instructions: "Looks after laundry pets: each pet is one kind of laundry, due every few days, and goes wash → dry → fold. "
                + "Use the tools for one step each, or “say” for a sentence as a person would type it.",
            capabilities: .init(logging: .init(), prompts: .init(listChanged: false),
                                resources: .init(subscribe: true, listChanged: true), tools: .init(listChanged: true)))
        self.server = server
        await server.withMethodHandler(ListTools.self) { [self] _ in ListTools.Result(tools: await tools()) }
        await server.withMethodHandler(CallTool.self) { [self] params in try await call(params) }
        await server.withMethodHandler(ListResources.self) { [self] _ in ListResources.Result(resources: await resources()) }
        await server.withMethodHandler(ListResourceTemplates.self) { _ in ListResourceTemplates.Result(templates: [Self.petTemplate]) }
        await server.withMethodHandler(ReadResource.self) { [self] params in try await read(params.uri) }
        await server.withMethodHandler(ResourceSubscribe.self) { [self] params in
            await MainActor.run { _ = subscriptions.insert(params.uri) }
            return Empty()
        }
        await server.withMethodHandler(ResourceUnsubscribe.self) { [self] params in
            await MainActor.run { _ = subscriptions.remove(params.uri) }
            return Empty()
        }
        await server.withMethodHandler(ListPrompts.self) { _ in ListPrompts.Result(prompts: Self.prompts) }
        await server.withMethodHandler(GetPrompt.self) { [self] params in try await prompt(params.name) }
        do {
            try await server.start(transport: StdioTransport()) { [self] _, capabilities in
                await MainActor.run { canElicit = capabilities.elicitation != nil }
            }
        } catch {
            StandardStreams.err("laundrytime: the MCP server could not start: \(error)\n")
            return 1
        }
        let watcher = Task { await watch() }
        await server.waitUntilCompleted()
        watcher.cancel()
        await server.stop()
        return 0
    }
}
#endif
