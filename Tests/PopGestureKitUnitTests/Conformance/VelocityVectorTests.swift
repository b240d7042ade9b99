import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// Real-device strokes with the velocities Flutter's and Android's own test suites expect from their
/// least-squares tracker, run through the whole replay (loader, timeline, recognizer, pop, release):
/// - Tests/Data/vectors/flutter-velocity.json: Flutter's velocity_tracker_test data, BSD-3-Clause,
///   Copyright 2014 The Flutter Authors.
/// - Tests/Data/vectors/android-velocity.json: AOSP VelocityTracker_test.cpp, Apache-2.0,
///   Copyright The Android Open Source Project.
/// Each stroke becomes a trace; a second trace with x and y swapped checks the y axis, since the
/// report carries the release velocity along the pop direction (x) only.
@Suite struct VelocityVectorTests {
    /// No hysteresis and no begin checks, so the pop begins at the first move; `velocitySign`
    /// releases with the raw estimator velocity.
    static let rules = """
        format: popgesture-rules/1
        name: lsq2-vectors
        extends: fd
        recognizer: {hysteresis: 0}
        begin: []
        velocity: lsq2
        completion: {model: velocitySign}
        """

    struct Stroke {
        var name: String
        var samples: [[Double]]
        var up: Double
        var expected: [String: Double]
    }

    static func strokes(_ file: String) throws -> [Stroke] {
        let data = try Data(contentsOf: URL(fileURLWithPath: dataRoot + "/vectors/" + file))
        let root = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        return (root["strokes"] as! [[String: Any]]).enumerated().map { index, stroke in
            var expected: [String: Double] = [:]
            if let pair = stroke["expectedVelocity"] as? [Double] {
                expected = ["x": pair[0], "y": pair[1]]
            } else if let axes = stroke["expectedVelocity"] as? [String: Double] {
                expected = axes
            }
            let name = stroke["name"] as? String ?? "\(stroke["dataset"] ?? "stroke")-\(stroke["pointer"] ?? index)"
            return Stroke(
                name: name, samples: stroke["samples"] as! [[Double]], up: stroke["up"] as! Double, expected: expected)
        }
    }

    /// The release velocity of one stroke along x, or along y when `swapped`.
    static func releaseVelocity(_ stroke: Stroke, swapped: Bool) throws -> Double? {
        let samples = stroke.samples.map { s in
            "[\(formatNumber(s[0])), \(formatNumber(swapped ? s[2] : s[1])), \(formatNumber(swapped ? s[1] : s[2]))]"
        }.joined(separator: ", ")
        let trace = """
            format: popgesture-trace/1
            name: \(stroke.name)
            screen: {width: 5000, height: 5000}
            stack: [{id: list}, {id: detail}]
            events:
            - touch: 1
              samples: [\(samples)]
              up: \(formatNumber(stroke.up))
            """
        let report = try replay(trace, rulesDocument: rules)
        return report.gestures.first?.pop?.velocity
    }

    static func check(_ file: String, expectedValues: Int) throws {
        var checked = 0
        for stroke in try strokes(file) {
            for (axis, expected) in stroke.expected.sorted(by: { $0.key < $1.key }) {
                let actual = try releaseVelocity(stroke, swapped: axis == "y")
                let tolerance = 0.001 * abs(expected)
                #expect(
                    actual != nil && abs(actual! - expected) <= tolerance,
                    "\(stroke.name) \(axis): expected \(expected), got \(actual.map { "\($0)" } ?? "no pop")")
                checked += 1
            }
        }
        #expect(checked == expectedValues)
    }

    @Test func flutterStrokes() throws {
        try Self.check("flutter-velocity.json", expectedValues: 28)
    }

    @Test func androidFlings() throws {
        try Self.check("android-velocity.json", expectedValues: 27)
    }
}
