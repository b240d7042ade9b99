import Testing
@testable import PopGestureKit

/// SPEC sections 2-4 and 7 as Flutter has them: `recognizer.arena` (a recognizer alone in its gesture
/// arena wins it at the down) and `stackOps: immediate` (Flutter's Navigator never defers a push or a
/// pop: transitions overlap and an interactive pop is interrupted). Each test is a tiny trace, the
/// decision expected, and the arithmetic done by hand in a comment.
@Suite struct ArenaAndStackOpsTests {
    // MARK: Rules (section 7)

    @Test func badArenaAndStackOpsValuesArePositionedWithASuggestion() {
        // `recognizer: {arena: ` is 20 characters: the value starts at column 21.
        let arena = rulesError("format: popgesture-rules/1\nrecognizer: {arena: alon}\n")
        #expect(arena?.line == 2 && arena?.column == 21)
        #expect(arena?.message.contains("unknown arena `alon`; expected one of contested, alone, byContent") == true)
        #expect(arena?.suggestion == "did you mean `alone`?")
        // `stackOps: ` is 10 characters.
        let stackOps = rulesError("format: popgesture-rules/1\nstackOps: immediately\n")
        #expect(stackOps?.line == 2 && stackOps?.column == 11)
        #expect(stackOps?.message.contains("unknown stackOps `immediately`; expected one of deferred, immediate") == true)
        #expect(stackOps?.suggestion == "did you mean `immediate`?")
        // A misspelt key is unknown, with the nearest known one, at the top level and in `recognizer`.
        #expect(rulesError("format: popgesture-rules/1\nstackOp: immediate\n")?.suggestion == "did you mean `stackOps`?")
        #expect(rulesError("format: popgesture-rules/1\nrecognizer: {arina: alone}\n")?.suggestion == "did you mean `arena`?")
        // Not a name at all.
        #expect(rulesError("format: popgesture-rules/1\nstackOps: [immediate]\n")?.line == 2)
    }

    @Test func bothKeysDefaultToTodaysBehaviourAndMerge() throws {
        let fd = try RulesLoader.load("fd")
        #expect(fd.recognizer.arena == .contested && fd.stackOps == .deferred)
        let merged = try rules("format: popgesture-rules/1\nextends: cupertino\nrecognizer: {arena: alone}\nstackOps: immediate\n")
        #expect(merged.recognizer.arena == .alone && merged.recognizer.kind == .horizontalSlop && merged.stackOps == .immediate)
    }
}
