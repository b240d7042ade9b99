import Foundation
import Testing

/// docs/ARCHITECTURE.md is where a newcomer learns where things are, so every name it puts in
/// backticks must be there: a type (UpperCamelCase) declared in Sources or Tests or a target of
/// Package.swift, and a path (with a `/` or a file extension) a file or folder of the tree. A rename
/// that forgets the document fails here.
@Suite struct ArchitectureDocTests {
    static func names() throws -> Set<String> {
        let text = try String(contentsOfFile: packageRoot + "/docs/ARCHITECTURE.md", encoding: .utf8)
        return Set(
            text.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
                .filter { !$0.contains("\n") })
    }

    /// Every file and folder below the root, relative to it, skipping build folders.
    static let tree: [String] = {
        var found: [String] = []
        let root = URL(fileURLWithPath: packageRoot)
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            let relative = String(url.path.dropFirst(root.path.count + 1))
            if relative.hasPrefix(".build") || relative.hasPrefix(".git") {
                walker?.skipDescendants()
                continue
            }
            found.append(relative)
        }
        return found
    }()

    static func declaredTypes() throws -> Set<String> {
        let pattern = try NSRegularExpression(
            pattern: #"\b(?:struct|enum|class|protocol|typealias|actor)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
        var names: Set<String> = []
        for file in tree where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: packageRoot + "/" + file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                names.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        // The standard library's and Foundation's, which the document may name too.
        names.formUnion(["Never", "String", "Int", "Double", "Bool", "Data", "Sendable", "Error", "Void", "URL"])
        let manifest = try String(contentsOfFile: packageRoot + "/Package.swift", encoding: .utf8)
        for part in manifest.components(separatedBy: "name: \"").dropFirst() {
            names.insert(String(part.prefix { $0 != "\"" }))
        }
        return names
    }

    static func isType(_ name: String) -> Bool {
        name.first?.isUppercase == true && name.allSatisfy { $0.isLetter || $0.isNumber }
            && name.contains { $0.isLowercase }
    }

    static func isPath(_ name: String) -> Bool {
        let pathCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-+/<>*"))
        guard name.unicodeScalars.allSatisfy(pathCharacters.contains), !name.hasPrefix("popgesture-") else {
            return false
        }
        let extensions = [".swift", ".md", ".py", ".sh", ".json", ".yaml", ".c", ".h", ".txt", ".modulemap"]
        return name.contains("/") || extensions.contains { name.hasSuffix($0) }
    }

    /// A path is there when it is a file or folder of the tree, or its tail (the document names files
    /// within the folder a paragraph is about); a `<placeholder>` or `*` part matches any one name.
    static func exists(_ path: String) -> Bool {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        let parts = trimmed.split(separator: "/").map(String.init)
        func matches(_ file: String) -> Bool {
            let fileParts = file.split(separator: "/").map(String.init)
            guard fileParts.count >= parts.count else { return false }
            return zip(fileParts.suffix(parts.count), parts).allSatisfy { have, want in
                want.hasPrefix("<") || want == "*" || have == want
                    || (want.contains("*") && have.hasPrefix(want.prefix { $0 != "*" }))
            }
        }
        return tree.contains(where: matches)
    }

    @Test func everyTypeItNamesIsDeclared() throws {
        let declared = try Self.declaredTypes()
        let missing = try Self.names().filter { Self.isType($0) && !declared.contains($0) }.sorted()
        #expect(missing.isEmpty, "ARCHITECTURE.md names types that do not exist: \(missing)")
    }

    @Test func everyPathItNamesExists() throws {
        let missing = try Self.names().filter { Self.isPath($0) && !Self.exists($0) }.sorted()
        #expect(missing.isEmpty, "ARCHITECTURE.md names paths that do not exist: \(missing)")
    }

    /// The checks themselves: a name that is not there is caught.
    @Test func aRenamedTypeOrMovedFileWouldBeCaught() throws {
        let declared = try Self.declaredTypes()
        #expect(declared.contains("TraceFileLoader") && !declared.contains("TraceFileLoaderThatIsNot"))
        #expect(Self.isType("TraceFileLoader") && !Self.isType("fd") && !Self.isType("CI"))
        #expect(Self.exists("Sources/PopGestureCore/Loading/") && Self.exists("Loading/TraceFileLoader.swift"))
        #expect(!Self.exists("Loading/NoSuchFile.swift") && Self.exists("fuzz/regressions/<target>/"))
    }
}
