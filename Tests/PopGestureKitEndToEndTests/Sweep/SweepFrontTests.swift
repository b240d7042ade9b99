import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// The trade-off's Pareto front (`SweepResult.front`), its JSON, text and picture, on sweeps whose
/// answer is known.
@Suite(.serialized) struct SweepFrontTests {
    /// A result whose versions have these (false pops, missed backs), nothing else counted.
    static func result(_ points: [(Int, Int)]) -> SweepResult {
        SweepResult(
            base: "fd", keys: ["maxStartX"],
            versions: points.enumerated().map { i, p in
                var tally = SweepTally()
                tally.intent.stay = p.0
                tally.intent.falsePop = p.0
                tally.intent.back = p.1
                tally.intent.missedBack = p.1
                return .init(values: [.number(Double(i))], tally: tally, differing: 1)
            }, flips: [], flipsAll: false)
    }

    @Test func frontIsTheVersionsNoOtherBeats() {
        // (fp, mb):   #0 (0, 5)  #1 (1, 3)  #2 (1, 4)  #3 (2, 3)  #4 (3, 0)  #5 (1, 3)  #6 (4, 0)  #7 (0, 6)
        // #2 is beaten by #1 (same fp, fewer mb); #3 by #1 (fewer fp, same mb); #6 by #4; #7 by #0.
        // #1 and #5 share (1, 3): both on it. Ordered by false pops, then index: #0, #1, #5, #4.
        let r = Self.result([(0, 5), (1, 3), (1, 4), (2, 3), (3, 0), (1, 3), (4, 0), (0, 6)])
        #expect(r.front == [0, 1, 5, 4])
        // Nothing labelled: every version at (0, 0), all on the front.
        #expect(Self.result([(0, 0), (0, 0), (0, 0)]).front == [0, 1, 2])
        // One version beats every other on both.
        #expect(Self.result([(2, 2), (1, 1), (3, 0), (0, 3)]).front == [3, 1, 2])
        #expect(Self.result([(2, 2), (0, 0), (3, 0)]).front == [1])
        // The best (fewest missed backs + false pops) is always on the front.
        for seed in 0..<50 {
            var random = SeededGenerator(seed: UInt64(seed))
            let points = (0..<12).map { _ in
                (Int.random(in: 0...4, using: &random), Int.random(in: 0...4, using: &random))
            }
            let r = Self.result(points)
            let front = Set(r.front)
            #expect(Set(r.best).isSubset(of: front), "seed \(seed)")
            // By the definition, pair by pair.
            for i in points.indices {
                let beaten = points.indices.contains { j in
                    points[j].0 <= points[i].0 && points[j].1 <= points[i].1 && points[j] != points[i]
                }
                #expect(front.contains(i) == !beaten, "seed \(seed) version \(i)")
            }
        }
    }

    /// SweepTests.handCorpus under projectionDistance 100..200/10: 100-130 complete all three (1 false
    /// pop, 0 missed backs), 140-160 cancel t1 and t3 (0, 1), 170-200 cancel all (0, 2). (0, 2) is
    /// beaten by (0, 1); the front is 140-160 (fewer false pops) then 100-130.
    @Test func handCorpusFrontInJSONTextAndPicture() throws {
        let dir = try SweepTests.handCorpus()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let vary = ["--vary", "completion.projectionDistance=100..200/10"]
        let json = try SweepTests.json(try CLI.run(["sweep"] + vary + ["--format", "json", "."], in: dir))
        #expect(json["front"] as? [Int] == [4, 5, 6, 0, 1, 2, 3])
        let text = try CLI.run(["sweep"] + vary + ["."], in: dir).stdout
        #expect(
            text.contains(
                """
                front (versions no other beats on both missed backs and false pops):
                  1 missed back, 0 false pops: #4 completion.projectionDistance=140, #5 completion.projectionDistance=150, #6 completion.projectionDistance=160
                  0 missed backs, 1 false pop: #0 completion.projectionDistance=100, #1 completion.projectionDistance=110, #2 completion.projectionDistance=120, #3 completion.projectionDistance=130

                """), "\(text)")
        let svg = try XMLElements(
            try CLI.run(["sweep"] + vary + ["--format", "svg", "."], in: dir).stdout)
        let groups = svg.elements.indices.filter { svg.elements[$0].attributes["class"] == "version-point" }
        let points = groups.map { svg.elements[$0].attributes }
        #expect(
            points.map { [$0["data-false-pops"], $0["data-missed-backs"], $0["data-versions"], $0["data-front"]] } == [
                ["0", "2", "7 8 9 10", "false"], ["0", "1", "4 5 6", "true"], ["1", "0", "0 1 2 3", "true"],
            ])
        // Every version once; the title names each of a point's versions with its values.
        #expect(
            svg.elements[groups[1]].title
                == "0 false pops, 1 missed back, on the front, best: #4 completion.projectionDistance=140; #5 completion.projectionDistance=150; #6 completion.projectionDistance=160"
        )
        // Where the markers sit: x by false pops, y by missed backs (up), in the panel's 800 px plot
        // (x = 70 + 34 + fp / 1 * (800 - 58); y = 362 - 24 - mb / 2 * (300 - 48)).
        let markers = groups.map { g in svg.children(of: g).first { $0.name == "path" }!.attributes["d"]! }
        // A hollow circle starts at its left (x - 5, y), a diamond at its top (x, y - 6.5).
        #expect(
            zip(markers, ["M99,86a", "M104,205.5L", "M846,331.5L"]).allSatisfy { $0.hasPrefix($1) }, "\(markers)")
        // The front joined: (0, 1) to (1, 0).
        #expect(
            svg.named("polyline").first { $0.attributes["stroke-dasharray"] == "6 3" }?.attributes["points"]
                == "104,212 846,338")
        // The ties said beside their points.
        #expect(
            svg.named("text").filter { $0.text.hasPrefix("×") && $0.text.count == 2 }.map(\.text) == ["×4", "×3", "×4"])
    }

    /// Three keys have a picture too, the trade-off alone.
    @Test func threeKeysDrawTheTradeOff() throws {
        let dir = try SweepTests.handCorpus()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(
            [
                "sweep", "--vary", "maxStartX=0,20", "--vary", "velocity=uikit,lsq2", "--vary",
                "completion.strict=true",
                "--format", "svg", ".",
            ], in: dir)
        #expect(run.status == 1, "\(run.stderr)")
        let svg = try XMLElements(run.stdout)
        let versions = svg.elements.filter { $0.attributes["class"] == "version-point" }.flatMap {
            $0.attributes["data-versions"]!.split(separator: " ").map { Int($0)! }
        }
        #expect(versions.sorted() == [0, 1, 2, 3])
        #expect(svg.named("text").contains { $0.text.hasPrefix("Missed backs, false pops") } == false)
    }
}
