import Foundation
import LaundryTestSupport
import Testing

/// The shell completes a command's words as the prompt does — bash runs the
/// completion script the binary writes, which asks the binary.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "needs bash"))
struct ShellCompletionTests {
    let directory = TemporaryDirectory()
    var data: URL { directory.url.appendingPathComponent("data") }

    /// What bash offers for `line` (the cursor at its end), through `_laundrytime`.
    func bashCompletes(_ line: String) throws -> [String] {
        let laundrytime = LaundryTimeProcess(dataDirectory: data)
        let script = try laundrytime.run(["--generate-completion-script", "bash"], dataDirectoryOption: false)
        try #require(script.status == 0, "\(script.stderr)")
        let scriptFile = directory.url.appendingPathComponent("laundrytime.bash")
        try script.stdout.write(to: scriptFile, atomically: true, encoding: .utf8)
        let driver = """
            source "$1"
            COMP_LINE="$2"; COMP_POINT=${#COMP_LINE}
            read -ra COMP_WORDS <<< "$COMP_LINE"
            [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMPREPLY=()
            _laundrytime
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", driver, "bash", scriptFile.path, line]
        let folder = LaundryTimeProcess.binary.deletingLastPathComponent().path
        process.environment = ["PATH": folder + ":/usr/bin:/bin", "HOME": directory.url.path, "LANG": "C.UTF-8"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").map(String.init)
    }

    @Test func theShellCompletesPetNamesAndNextWords() throws {
        let made = try LaundryTimeProcess(dataDirectory: data).run(script: "create pet Snowy\ncreate pet Fluffy\n")
        try #require(made.status == 0)
        let pets = try bashCompletes("laundrytime --data-dir \(data.path) start wash for ")
        #expect(pets.contains("Snowy") && pets.contains("Fluffy"), "\(pets)")
        #expect(!pets.contains("history") && !pets.contains("wash"), "\(pets)")
        #expect(try bashCompletes("laundrytime --data-dir \(data.path) start wash for sn") == ["Snowy"])
        let next = try bashCompletes("laundrytime --data-dir \(data.path) start w")
        #expect(next.contains("wash") && !next.contains("week") && !next.contains("what"), "\(next)")
        #expect(try bashCompletes("laundrytime --data-dir \(data.path) /sta") == ["/status"])
    }

    /// A pet's kind is offered where its name is.
    @Test func theShellCompletesKindsWherePetsStand() throws {
        let made = try LaundryTimeProcess(dataDirectory: data).run(script: "create pet Fluffy for towels\ncreate pet Snowy\n")
        try #require(made.status == 0)
        #expect(try bashCompletes("laundrytime --data-dir \(data.path) start wash for tow") == ["towels"])
        let pets = try bashCompletes("laundrytime --data-dir \(data.path) start wash for ")
        #expect(pets.contains("towels") && pets.contains("Fluffy") && pets.contains("Snowy"), "\(pets)")
    }

    @Test func completingMakesNoStore() throws {
        _ = try bashCompletes("laundrytime --data-dir \(data.path) how is ")
        #expect(!FileManager.default.fileExists(atPath: data.path), "no data directory made by completion")
    }
}
