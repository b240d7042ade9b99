import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// The grammar `merge` holds a shard's bytes to (RFC 8259, a byte at a time): valid texts pass and
/// every damaged one fails, JSON alone and as JSON Lines.
@Suite struct JSONValidatorTests {
    static func valid(_ text: String, lines: Bool = false) -> Bool {
        var validator = JSONValidator(lines: lines)
        for byte in text.utf8 { validator.feed(byte) }
        return validator.complete
    }

    @Test func validTexts() {
        for text in [
            "{}", "[]", " {\"a\": [1, -0, 0.5, 1e308, -2.5E-3, true, false, null, \"\\u00e9\\n\\\"\"]}\n", "0", "\"x\"",
            "{\"a\": {\"b\": [[], {}]}}", "[ 1 , 2 ]",
        ] {
            #expect(Self.valid(text), "\(text)")
        }
        #expect(Self.valid("{\"a\": 1}\n{\"b\": 2}\n", lines: true))
        #expect(Self.valid("{\"a\": 1}\n[2]", lines: true))
    }

    @Test func damagedTexts() {
        for text in [
            "", "{", "{\"a\": 1", "{\"a\" 1}", "{\"a\": 1,}", "[1,]", "[1 2]", "{\"a\": 8.42\"b\": 1}", "{a: 1}",
            "[01]", "[1.]",
            "[.5]", "[1e]", "[-]", "[NaN]", "[Infinity]", "[tru]", "[nulll]", "[\"\u{1}\"]", "[\"\\x\"]",
            "[\"\\u12G4\"]",
            "{\"a\": 1}}", "[1]]", "{\"a\": 1]", "{} {}", "{}\n{}", "[\"unterminated]",
        ] {
            #expect(!Self.valid(text), "\(text.debugDescription)")
        }
        // JSON Lines: one value a line, each whole.
        for text in ["{} {}\n", "{\"a\": 1}\n{\"b\": ", "{\"a\"\n: 1}x\n"] {
            #expect(!Self.valid(text, lines: true), "\(text.debugDescription)")
        }
    }
}
