import PopGestureCore

/// Reads a `libinput record` file (YAML, `version: 1`) through libyaml's events, as the trace loader
/// does: each device's `evdev` description becomes a node (it is small), its `events` are read row by
/// row straight from the events and handed to the assembler, so a long recording is never held.
/// Every row of every `- evdev:` item is an event `[sec, usec, type, code, value]`; other items
/// (`- libinput:` with `--with-libinput`) and other keys are passed over.
struct LibinputRecordReader {
    static let rangeHint =
        "libinput record lists each axis under the device's `evdev: absinfo:` as `CODE: [min, max, fuzz, flat, resolution]`"

    let reader: YAMLDocumentReader

    func read(into assembler: EvdevFrameAssembler) throws {
        guard try reader.beginDocument() else {
            throw Diagnostic(path: reader.path, message: "the file holds no YAML document; expected a libinput record")
        }
        let root = reader.position
        guard reader.kind == .mappingStart else {
            throw root.error(
                "expected a libinput record (a mapping with `version: 1` and `devices`), found \(try reader.node().kindDescription)"
            )
        }
        var version = false
        var devices = false
        var declared: Int?
        try reader.advance()
        while reader.kind != .mappingEnd {
            let key = try keyName()
            switch key {
            case "version":
                let node = try reader.node()
                guard case .scalar("1", isString: false) = node.content else {
                    throw node.error(
                        "unsupported libinput record version \(node.kindDescription); this importer reads version 1")
                }
                version = true
            case "ndevices":
                declared = Int(try integer(try reader.node(), "`ndevices`"))
            case "devices":
                guard version else {
                    throw reader.position.error(
                        "`devices` before `version: 1`; libinput record writes its version first")
                }
                try readDevices(declared: declared, into: assembler)
                devices = true
            default:
                try reader.skipNode()
            }
            try reader.advance()
        }
        guard version else { throw root.error("missing `version: 1`; is this a libinput record?") }
        guard devices else {
            throw root.error("missing `devices`: a libinput record lists its devices and their events there")
        }
    }

    /// The current mapping key as text, moving to its value.
    private func keyName() throws -> String {
        let node = try reader.node()
        guard case .scalar(let name, _) = node.content else {
            throw node.error("expected a key, found \(node.kindDescription)")
        }
        try reader.advance()
        return name
    }

    private func readDevices(declared: Int?, into assembler: EvdevFrameAssembler) throws {
        guard reader.kind == .sequenceStart else {
            throw reader.position.error(
                "expected `devices` to be a list of devices, found \(try reader.node().kindDescription)")
        }
        try reader.advance()
        var index = 0
        while reader.kind != .sequenceEnd {
            index += 1
            // Documents are named `stem#N` when the file holds several devices.
            try readDevice(ordinal: (declared ?? 1) > 1 || index > 1 ? index : nil, into: assembler)
            try reader.advance()
        }
    }

    private func readDevice(ordinal: Int?, into assembler: EvdevFrameAssembler) throws {
        let position = reader.position
        guard reader.kind == .mappingStart else {
            throw position.error(
                "expected a device (a mapping with `evdev` and `events`), found \(try reader.node().kindDescription)")
        }
        var device: EvdevDevice?
        var node: String?
        var began = false
        try reader.advance()
        while reader.kind != .mappingEnd {
            switch try keyName() {
            case "node":
                if case .scalar(let text, _) = try reader.node().content { node = text }
            case "evdev":
                device = try description(try reader.node(), ordinal: ordinal)
                device?.node = node
            case "events":
                guard let device else {
                    throw reader.position.error("the device's `events` come before its `evdev` description")
                }
                guard !began else { throw reader.position.error("a second `events` list in one device") }
                try assembler.beginDevice(device)
                began = true
                try readEvents(into: assembler)
            default:
                try reader.skipNode()
            }
            try reader.advance()
        }
        if !began {
            guard let device else { throw position.error("a device without an `evdev` description") }
            try assembler.beginDevice(device)
        }
        try assembler.endDevice()
    }

    /// The axis ranges of `evdev: absinfo:`.
    private func description(_ node: YAMLNode, ordinal: Int?) throws -> EvdevDevice {
        var device = EvdevDevice(position: node.location, ordinal: ordinal, rangeHint: Self.rangeHint)
        guard case .mapping(let pairs) = node.content else {
            throw node.error("expected the device's `evdev` description (a mapping), found \(node.kindDescription)")
        }
        if case .scalar(let name, _)? = pairs.first(where: {
            if case .scalar("name", _) = $0.key.content { true } else { false }
        })?.value.content {
            device.name = name
        }
        guard
            let absinfo = pairs.first(where: { if case .scalar("absinfo", _) = $0.key.content { true } else { false } }
            )?.value
        else {
            return device
        }
        guard case .mapping(let axes) = absinfo.content else {
            throw absinfo.error(
                "expected `absinfo` to map axis codes to [min, max, fuzz, flat, resolution], found \(absinfo.kindDescription)"
            )
        }
        for (key, value) in axes {
            let code = try integer(key, "an `absinfo` axis code")
            guard (0...0x3f).contains(code) else {
                throw key.error("expected an axis code from 0 to 63, found \(code)")
            }
            let items = try value.expectSequence("axis \(code)'s [min, max, fuzz, flat, resolution]")
            guard items.count >= 2 else {
                throw value.error(
                    "expected axis \(code)'s [min, max, fuzz, flat, resolution], found \(items.count) number\(items.count == 1 ? "" : "s")"
                )
            }
            device.ranges[UInt16(code)] = EvdevDevice.AxisRange(
                min: try integer(items[0], "axis \(code)'s minimum"),
                max: try integer(items[1], "axis \(code)'s maximum"), position: value.location)
        }
        return device
    }

    private func integer(_ node: YAMLNode, _ what: String) throws -> Int64 {
        guard case .scalar(let text, false) = node.content, let value = decimalInteger(text.utf8) else {
            throw node.error("expected \(what) to be an integer, found \(node.kindDescription)")
        }
        return value
    }

    private func readEvents(into assembler: EvdevFrameAssembler) throws {
        guard reader.kind == .sequenceStart else {
            throw reader.position.error("expected `events` to be a list, found \(try reader.node().kindDescription)")
        }
        try reader.advance()
        while reader.kind != .sequenceEnd {
            guard reader.kind == .mappingStart else {
                throw reader.position.error(
                    "expected an events item such as `- evdev: [...]`, found \(try reader.node().kindDescription)")
            }
            try reader.advance()
            while reader.kind != .mappingEnd {
                if try keyName() == "evdev" {
                    try readRows(into: assembler)
                } else {
                    try reader.skipNode()
                }
                try reader.advance()
            }
            try reader.advance()
        }
    }

    private static let rowShape = "[sec, usec, type, code, value]"

    /// The rows of one `- evdev:` item, each handed on as it is read.
    private func readRows(into assembler: EvdevFrameAssembler) throws {
        guard reader.kind == .sequenceStart else {
            throw reader.position.error(
                "expected the `evdev` item to list rows \(Self.rowShape), found \(try reader.node().kindDescription)")
        }
        try reader.advance()
        var values: [Int64] = []
        values.reserveCapacity(5)
        while reader.kind != .sequenceEnd {
            let row = reader.position
            guard reader.kind == .sequenceStart else {
                throw row.error("expected an evdev row \(Self.rowShape), found \(try reader.node().kindDescription)")
            }
            values.removeAll(keepingCapacity: true)
            try reader.advance()
            while reader.kind != .sequenceEnd {
                guard values.count < 5 else {
                    throw reader.position.error("an evdev row has 5 numbers \(Self.rowShape); this one has more")
                }
                guard reader.kind == .scalar, reader.isPlainScalar, let value = decimalInteger(reader.scalarBytes)
                else {
                    throw reader.position.error(
                        "expected an integer in the evdev row \(Self.rowShape), found \(try reader.node().kindDescription)"
                    )
                }
                values.append(value)
                try reader.advance()
            }
            guard values.count == 5 else {
                throw row.error("expected an evdev row of 5 numbers \(Self.rowShape), found \(values.count)")
            }
            guard values[0] >= 0, values[0] < 1 << 40, (0..<1_000_000).contains(values[1]) else {
                throw row.error(
                    "expected the row's time as seconds >= 0 and microseconds from 0 to 999999, found \(values[0]), \(values[1])"
                )
            }
            guard let type = UInt16(exactly: values[2]), let code = UInt16(exactly: values[3]),
                let value = Int32(exactly: values[4])
            else {
                throw row.error(
                    "expected a type and code from 0 to 65535 and a 32-bit value, found \(values[2]), \(values[3]), \(values[4])"
                )
            }
            try assembler.event(
                EvdevEvent(
                    time: values[0] * 1_000_000 + values[1], type: type, code: code, value: value,
                    line: row.line, column: row.column))
            try reader.advance()
        }
    }
}
