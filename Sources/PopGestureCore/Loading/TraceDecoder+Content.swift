/// SPEC section 9: a view controller's content regions, each checked on its own terms.
extension TraceDecoder {
    /// A view controller's `content` list, back to front (SPEC section 9).
    package static func decodeContent(_ node: YAMLNode) throws -> [ContentRegion] {
        var regions: [ContentRegion] = []
        var seen: [String: YAMLNode] = [:]
        for item in try node.expectSequence("`content`, a list of regions") {
            let region = try decodeRegion(item)
            if let first = seen[region.id] {
                throw item.error(
                    "duplicate region id `\(region.id)` in this view controller's `content` (first at line \(first.location.line)); region ids must be unique in one view controller"
                )
            }
            seen[region.id] = item
            regions.append(region)
        }
        return regions
    }

    package static let regionKeys = ["id", "kind", "frame", "axis", "offset", "maxOffset", "open", "protected"]

    private static func decodeRegion(_ node: YAMLNode) throws -> ContentRegion {
        let fields = try MappingFields(node, "a content region", known: regionKeys)
        let id = try fields.required("id").text("a region's `id`")
        let kindNode = try fields.required("kind")
        let kind = try kindNode.choice("region kind", ContentRegion.Kind.self)
        let allowed = ["id", "kind", "frame"] + ContentRegion.keys(of: kind)
        if let extra = fields.entries.first(where: { !allowed.contains($0.key) }) {
            throw extra.keyNode.error(
                "`\(extra.key)` does not go with a \(kind.rawValue) region; a \(kind.rawValue) takes \(allowed.map { "`\($0)`" }.joined(separator: ", "))"
            )
        }
        var region = ContentRegion(id: id, kind: kind, frame: try decodeFrame(try fields.required("frame")))
        if kind != .swipeRow {
            region.axis = try fields.required("axis").choice("axis", ContentRegion.Axis.self)
        }
        switch kind {
        case .scroll:
            region.offset = try fields["offset"].map { try $0.coordinate("`offset`", nonNegative: true) } ?? 0
            if let maxNode = fields["maxOffset"] {
                let maximum = try maxNode.coordinate("`maxOffset`")
                guard maximum >= region.offset else {
                    throw maxNode.error(
                        "expected `maxOffset` >= `offset` (\(formatNumber(region.offset))), found \(formatNumber(maximum))",
                        suggestion: "leave `maxOffset` out for no limit")
                }
                region.maxOffset = maximum
            }
        case .swipeRow:
            region.open = try fields["open"]?.bool("`open`") ?? false
        case .control:
            region.protected = try fields["protected"]?.bool("`protected`") ?? true
        }
        return region
    }

    private static func decodeFrame(_ node: YAMLNode) throws -> Frame {
        let values = try node.expectSequence("`frame`, [x, y, width, height]")
        guard values.count == 4 else {
            throw node.error("expected `frame` as [x, y, width, height] with 4 numbers, found \(values.count)")
        }
        let frame = Frame(
            x: try values[0].number("frame x"), y: try values[1].number("frame y"),
            width: try values[2].number("frame width"), height: try values[3].number("frame height"))
        for (index, size) in [(2, frame.width), (3, frame.height)] where size <= 0 {
            throw values[index].error(
                "expected a frame \(index == 2 ? "width" : "height") > 0, found \(formatNumber(size))")
        }
        return frame
    }
}
