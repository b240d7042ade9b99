/// One input event as the kernel reported it (linux/input.h), where it stands in the recording.
struct EvdevEvent {
    /// Microseconds, as recorded: exact, so differences are exact too.
    var time: Int64
    var type: UInt16
    var code: UInt16
    var value: Int32
    /// Where the event's time is written, for messages.
    var line: Int
    var column: Int
}

/// The evdev types and codes the importer reads (linux/input-event-codes.h).
enum Evdev {
    static let synType: UInt16 = 0x00
    static let keyType: UInt16 = 0x01
    static let absType: UInt16 = 0x03

    static let synReport: UInt16 = 0
    static let synMTReport: UInt16 = 2
    static let synDropped: UInt16 = 3

    static let btnTouch: UInt16 = 330
    static let absX: UInt16 = 0x00
    static let absY: UInt16 = 0x01
    static let absMTSlot: UInt16 = 0x2f
    static let absMTPositionX: UInt16 = 0x35
    static let absMTPositionY: UInt16 = 0x36
    static let absMTTrackingID: UInt16 = 0x39

    /// Each type's highest code (its `*_MAX`); a type not listed is not an evdev type. EV_PWR has no
    /// codes of its own, so any is taken.
    private static let highestCode: [UInt16: (name: String, max: UInt16)] = [
        0x00: ("EV_SYN", 0x0f), 0x01: ("EV_KEY", 0x2ff), 0x02: ("EV_REL", 0x0f), 0x03: ("EV_ABS", 0x3f),
        0x04: ("EV_MSC", 0x07), 0x05: ("EV_SW", 0x10), 0x11: ("EV_LED", 0x0f), 0x12: ("EV_SND", 0x07),
        0x14: ("EV_REP", 0x01), 0x15: ("EV_FF", 0x7f), 0x16: ("EV_PWR", 0xffff), 0x17: ("EV_FF_STATUS", 0x01),
    ]

    /// Why an event is not one the kernel can send, or nil when it is.
    static func unknown(type: UInt16, code: UInt16) -> String? {
        guard let known = highestCode[type] else {
            return "unknown event type \(type) (0x\(hex(type))); evdev defines EV_SYN (0) to EV_FF_STATUS (0x17)"
        }
        guard code <= known.max else {
            return "unknown event code \(code) (0x\(hex(code))) of \(known.name); its codes go up to 0x\(hex(known.max))"
        }
        return nil
    }

    static func name(ofAxis code: UInt16) -> String {
        let names: [UInt16: String] = [absX: "ABS_X", absY: "ABS_Y", absMTSlot: "ABS_MT_SLOT",
                                       absMTPositionX: "ABS_MT_POSITION_X", absMTPositionY: "ABS_MT_POSITION_Y"]
        return "\(names[code] ?? "ABS_\(code)") (\(code))"
    }

    private static func hex(_ value: UInt16) -> String { String(value, radix: 16) }
}

/// A decimal integer as recordings write them: an optional sign, leading zeros allowed (`-001`); nil
/// for anything else or past 18 digits.
func decimalInteger<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int64? {
    var digits = bytes[...]
    let negative = digits.first == UInt8(ascii: "-")
    if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
    guard (1...18).contains(digits.count) else { return nil }
    var value: Int64 = 0
    for byte in digits {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    return negative ? -value : value
}
