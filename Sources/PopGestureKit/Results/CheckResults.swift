import PopGestureCore

/// What `check` found, per document, per file and for the run: what its renderers render.
enum CheckOutput: Sendable {
    case document(CheckedDocument)
    case fileEnd(CheckedFile)
}

/// A trace document's verdict under `check`, spelt as every format prints it.
public enum DocumentStatus: String, Sendable {
    case passed, failed, error
    /// No `expect` items and no golden: replayed, nothing checked.
    case unchecked
    /// Every failure accepted by the `--baseline` file.
    case known
}

/// The outcome of one trace document under `check`.
public struct CheckedDocument: Sendable {
    public var source: String
    public var trace: String?
    public var rules: String?
    public var passedExpectations = 0
    /// Its `intent` items, counted apart (they are among the expectations too).
    public var intent = IntentTally()
    /// Failed expectations and golden differences, each at its place.
    public var failures: [CheckFailure] = []
    /// Failures the baseline (`--baseline`) accepts: shown apart, not failing the run.
    public var known: [CheckFailure] = []
    public var error: Diagnostic?
    /// Where the document starts (for an input error, the error's place); a golden difference is
    /// reported there.
    public var location: SourcePosition?
    /// A trace with no `expect` items and no golden: replayed, but nothing was checked.
    public var unchecked = false
    /// The trace's plot, for the `html` format's failures.
    var plot: String?
    /// How its gestures were decided, for `--verbose` text's failures.
    var explanation: String?

    init(source: String, trace: String? = nil, rules: String? = nil, error: Diagnostic? = nil) {
        self.source = source
        self.trace = trace
        self.rules = rules
        self.error = error
    }

    /// A golden difference, at the document's first line.
    func golden(_ what: String) -> CheckFailure {
        CheckFailure(kind: CheckFailure.goldenKind, message: "golden: \(what)", location: location)
    }

    public var status: DocumentStatus {
        error != nil
            ? .error : !failures.isEmpty ? .failed : !known.isEmpty ? .known : unchecked ? .unchecked : .passed
    }

    /// Why an unchecked trace is one, for every format.
    static let uncheckedReason = "no `expect` items and no golden; nothing was checked"
}

public struct CheckedFile: Sendable {
    public var path: String
    public var documents = 0
    /// Rules and stack-config documents: validated, not replayed.
    public var otherDocuments = 0
    public var goldenWritten = false
    /// --update-goldens could not write the golden: an error of the run (exit 2).
    public var goldenError: Diagnostic?
    /// --update-goldens did not record the golden, since some of the file's expectations fail (their
    /// failures already make the run exit 1); --force records it anyway.
    public var goldenRefused: Diagnostic?
    /// `--baseline` entries of this file that no longer fail: the baseline can be pruned.
    public var baselineFixed: [Baseline.Entry] = []
}

public struct CheckSummary: Sendable {
    public var files = 0
    public var documents = 0
    public var passed = 0
    /// Traces with no `expect` items and no golden (without --strict).
    public var unchecked = 0
    public var failed = 0
    public var errors = 0
    public var goldensWritten = 0
    /// Goldens that could not be written, each an error of the run.
    public var goldensNotWritten = 0
    /// Goldens not recorded because expectations fail (without --force).
    public var goldensRefused = 0
    /// Rules and stack-config documents: validated, not replayed.
    public var otherDocuments = 0
    /// Files found by walking that are not traces: other tools' `*.json`, and popgesture's own
    /// outputs (a baseline, a sweep report); JSON's `notTraces`.
    public var notTraces = 0
    /// The same told apart, with the paths given that led nowhere, for the summary line.
    var passedOver = NotTraces()
    /// Traces whose failures the baseline all accepts.
    public var known = 0
    /// Baseline entries that no longer fail.
    public var baselineFixed = 0
    /// Warnings about inputs that were still used (`--strict` fails the run on them).
    public var warnings = 0
    /// Every trace's `intent` items: missed backs and false pops, counted apart.
    public var intent = IntentTally()

    mutating func add(_ file: CheckedFile) {
        files += 1
        if file.goldenWritten { goldensWritten += 1 }
        if file.goldenError != nil { goldensNotWritten += 1 }
        if file.goldenRefused != nil { goldensRefused += 1 }
        otherDocuments += file.otherDocuments
        baselineFixed += file.baselineFixed.count
    }

    mutating func add(_ document: CheckedDocument) {
        documents += 1
        intent.add(document.intent)
        switch document.status {
        case .error: errors += 1
        case .failed: failed += 1
        case .unchecked: unchecked += 1
        case .known: known += 1
        case .passed: passed += 1
        }
    }
}
