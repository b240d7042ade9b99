@testable import PopGestureKit

/// Raw recordings that suites of both test targets import: in-process in the unit suites, through
/// `popgesture import` in the end-to-end ones. One file, linked into both targets' Helpers/.
enum Recordings {
    /// A protocol B touchscreen 100 x 200 units: with `--screen 100x200` a unit is a point.
    static let slotted = "N: test touchscreen\nA: 2f 0 9 0 0 0\nA: 35 0 100 0 0 0\nA: 36 0 200 0 0 0\n"
    static let down =
        "E: 0.000000 0003 0039 0001\nE: 0.000000 0003 0035 0010\nE: 0.000000 0003 0036 0020\nE: 0.000000 0000 0000 0000\n"
    /// A two-slot screen 100 x 200 units described as getevent -lp prints it, on /dev/input/event2;
    /// with `--screen 100x200` a unit is a point.
    static let geteventDescribed = """
        add device 1: /dev/input/event0
          name:     "gpio-keys"
          events:
            KEY (0001): KEY_VOLUMEDOWN        KEY_VOLUMEUP          KEY_POWER
          input props:
            <none>
        add device 2: /dev/input/event2
          name:     "fts_ts"
          events:
            KEY (0001): KEY_WAKEUP            BTN_TOUCH*
            ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 1, fuzz 0, flat 0, resolution 0
                        ABS_MT_TOUCH_MAJOR    : value 0, min 0, max 255, fuzz 0, flat 0, resolution 0
                        ABS_MT_POSITION_X     : value 0, min 0, max 100, fuzz 0, flat 0, resolution 0
                        ABS_MT_POSITION_Y     : value 0, min 0, max 200, fuzz 0, flat 0, resolution 0
                        ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
          input props:
            INPUT_PROP_DIRECT

        """
    /// A getevent -lt line: a finger down.
    static let geteventTouch = "[ 1.000000] EV_ABS       ABS_MT_TRACKING_ID   00000001\n"
    /// The ranges of `geteventDescribed` as flags.
    static let geteventFlags = [
        try! AxisRangeArgument("ABS_MT_SLOT=0:1"), try! AxisRangeArgument("ABS_MT_POSITION_X=0:100"),
        try! AxisRangeArgument("ABS_MT_POSITION_Y=0:200"),
    ]
    /// Two touches by their object addresses: every phase, a cancel, and an address used again by a
    /// later touch; times are seconds since boot.
    static let uikitLog = """
        # UITouch.timestamp is seconds since boot
        timestamp,touch,phase,x,y
        183749.25,0x600003a04000,began,30,400
        183749.266667,0x600003a04000,moved,42,401
        183749.283333,0x600003a08000,began,200,500
        183749.283333,0x600003a04000,stationary,42,401
        183749.3,0x600003a04000,moved,80,402
        183749.300000,0x600003a08000,cancelled,200,500
        183749.316667,0x600003a04000,ENDED,80,402
        183749.4,0x600003a08000,began,100,100
        183749.45,0x600003a08000,ended,100,100

        """

    /// `geteventDescribed` with slot 0 down with X only for two frames, then lifted: a finger never
    /// placed, and nothing else touched.
    static let geteventWithoutY: String = {
        let x = { (t: String) in "[ \(t)] EV_ABS ABS_MT_POSITION_X 00000005\n" }
        let syn = { (t: String) in "[ \(t)] EV_SYN SYN_REPORT 00000000\n" }
        return geteventDescribed + "[ 1.000000] EV_ABS ABS_MT_TRACKING_ID 00000007\n" + x("1.000000")
            + syn("1.000000") + "[ 1.016000] EV_ABS ABS_MT_POSITION_X 00000009\n" + syn("1.016000")
            + "[ 1.032000] EV_ABS ABS_MT_TRACKING_ID ffffffff\n" + syn("1.032000")
    }()

    /// Its warning: line 20 is the first frame's SYN_REPORT (the description is 17 lines, then three
    /// events).
    static let geteventWithoutYWarning =
        "r.getevent:20:1: warning: finger 0 (slot 0, tracking id 7) is down from here but its ABS_MT_POSITION_Y (54) is never reported; it is left out of the trace"
}
