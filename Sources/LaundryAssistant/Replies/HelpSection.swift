import Foundation

/// A group of intents for help: a heading and its lines.
public struct HelpSection: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public let summary: String
        public let examples: [String]
    }

    public let title: String
    public let entries: [Entry]
}
