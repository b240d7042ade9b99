import PopGestureCore

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
            return
                "unknown event code \(code) (0x\(hex(code))) of \(known.name); its codes go up to 0x\(hex(known.max))"
        }
        return nil
    }

    static func name(ofAxis code: UInt16) -> String {
        "\(absLabel(code)) (\(code))"
    }

    /// An axis's name in linux/input-event-codes.h, or `ABS_<code>` for a code it leaves unnamed.
    static func absLabel(_ code: UInt16) -> String {
        labels[absType]?.first { $0.value == code }?.key ?? "ABS_\(code)"
    }

    /// The names of linux/input-event-codes.h by type, as getevent -l prints them: every type, every
    /// EV_SYN and EV_ABS code, every EV_MSC code, and of EV_KEY's hundreds the buttons of touch
    /// devices and pens (the only key the trackers read is BTN_TOUCH).
    static let typeLabels: [String: UInt16] = [
        "EV_SYN": 0x00, "EV_KEY": 0x01, "EV_REL": 0x02, "EV_ABS": 0x03, "EV_MSC": 0x04, "EV_SW": 0x05,
        "EV_LED": 0x11, "EV_SND": 0x12, "EV_REP": 0x14, "EV_FF": 0x15, "EV_PWR": 0x16, "EV_FF_STATUS": 0x17,
    ]
    static let labels: [UInt16: [String: UInt16]] = [
        synType: ["SYN_REPORT": 0, "SYN_CONFIG": 1, "SYN_MT_REPORT": 2, "SYN_DROPPED": 3],
        keyType: [
            "BTN_LEFT": 0x110, "BTN_RIGHT": 0x111, "BTN_MIDDLE": 0x112, "BTN_TOOL_PEN": 0x140, "BTN_TOOL_RUBBER": 0x141,
            "BTN_TOOL_BRUSH": 0x142, "BTN_TOOL_PENCIL": 0x143, "BTN_TOOL_AIRBRUSH": 0x144, "BTN_TOOL_FINGER": 0x145,
            "BTN_TOOL_MOUSE": 0x146, "BTN_TOOL_LENS": 0x147, "BTN_TOOL_QUINTTAP": 0x148, "BTN_STYLUS3": 0x149,
            "BTN_TOUCH": 0x14a, "BTN_STYLUS": 0x14b, "BTN_STYLUS2": 0x14c, "BTN_TOOL_DOUBLETAP": 0x14d,
            "BTN_TOOL_TRIPLETAP": 0x14e, "BTN_TOOL_QUADTAP": 0x14f,
        ],
        absType: [
            "ABS_X": 0x00, "ABS_Y": 0x01, "ABS_Z": 0x02, "ABS_RX": 0x03, "ABS_RY": 0x04, "ABS_RZ": 0x05,
            "ABS_THROTTLE": 0x06, "ABS_RUDDER": 0x07, "ABS_WHEEL": 0x08, "ABS_GAS": 0x09, "ABS_BRAKE": 0x0a,
            "ABS_HAT0X": 0x10, "ABS_HAT0Y": 0x11, "ABS_HAT1X": 0x12, "ABS_HAT1Y": 0x13, "ABS_HAT2X": 0x14,
            "ABS_HAT2Y": 0x15, "ABS_HAT3X": 0x16, "ABS_HAT3Y": 0x17, "ABS_PRESSURE": 0x18, "ABS_DISTANCE": 0x19,
            "ABS_TILT_X": 0x1a, "ABS_TILT_Y": 0x1b, "ABS_TOOL_WIDTH": 0x1c, "ABS_VOLUME": 0x20, "ABS_PROFILE": 0x21,
            "ABS_MISC": 0x28, "ABS_RESERVED": 0x2e, "ABS_MT_SLOT": 0x2f, "ABS_MT_TOUCH_MAJOR": 0x30,
            "ABS_MT_TOUCH_MINOR": 0x31, "ABS_MT_WIDTH_MAJOR": 0x32, "ABS_MT_WIDTH_MINOR": 0x33,
            "ABS_MT_ORIENTATION": 0x34, "ABS_MT_POSITION_X": 0x35, "ABS_MT_POSITION_Y": 0x36,
            "ABS_MT_TOOL_TYPE": 0x37, "ABS_MT_BLOB_ID": 0x38, "ABS_MT_TRACKING_ID": 0x39, "ABS_MT_PRESSURE": 0x3a,
            "ABS_MT_DISTANCE": 0x3b, "ABS_MT_TOOL_X": 0x3c, "ABS_MT_TOOL_Y": 0x3d,
        ],
        0x04: ["MSC_SERIAL": 0, "MSC_PULSELED": 1, "MSC_GESTURE": 2, "MSC_RAW": 3, "MSC_SCAN": 4, "MSC_TIMESTAMP": 5],
    ]
    /// The label prefix of each type's codes (EV_KEY's are KEY_ and BTN_).
    static let codePrefixes: [UInt16: [String]] = [
        0x00: ["SYN_"], 0x01: ["KEY_", "BTN_"], 0x02: ["REL_"], 0x03: ["ABS_"], 0x04: ["MSC_"], 0x05: ["SW_"],
        0x11: ["LED_"], 0x12: ["SND_"], 0x14: ["REP_"], 0x15: ["FF_"], 0x17: ["FF_STATUS_"],
    ]

    private static func hex(_ value: UInt16) -> String { String(value, radix: 16) }
}

/// `SEC.USEC` as microseconds: exact, where a Double of seconds since 1970 would not be.
func microseconds(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
    guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")) else { return nil }
    let whole = bytes[..<dot]
    let fraction = bytes[(dot + 1)...]
    guard (1...12).contains(whole.count), (1...6).contains(fraction.count),
        let seconds = decimalInteger(whole), seconds >= 0, let micro = decimalInteger(fraction), micro >= 0,
        whole.first != UInt8(ascii: "-"), fraction.first != UInt8(ascii: "-")
    else { return nil }
    var scale: Int64 = 1
    for _ in fraction.count..<6 { scale *= 10 }
    return seconds * 1_000_000 + micro * scale
}

/// A hexadecimal number of 1 to `digits` digits, as recordings write types, codes and values.
func hexadecimal<Bytes: Collection<UInt8>>(_ bytes: Bytes, digits: Int = 4) -> UInt32? {
    guard (1...digits).contains(bytes.count) else { return nil }
    var value: UInt32 = 0
    for byte in bytes {
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: return nil
        }
        value = value << 4 | UInt32(digit)
    }
    return value
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
