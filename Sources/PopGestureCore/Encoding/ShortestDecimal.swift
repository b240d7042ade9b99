/// The shortest decimal that reads back as a given double, and among those the closest to it: the
/// digits Swift's `description` prints, found without allocating. This is Ryu (Ulf Adams, "Ryū: fast
/// float-to-string conversion", PLDI 2018; reference code github.com/ulfjack/ryu, d2s.c, Apache-2.0
/// or Boost), with its small tables: every 26th power of five, the others derived by one multiply
/// and a stored two-bit correction. Only 64-bit multiplies, so it builds on every platform Swift 6
/// targets.
package enum ShortestDecimal {
    /// `digits` × 10^`exponent` for a finite, non-zero `magnitude` (the sign is the caller's):
    /// `digits` has no trailing zeros beyond what the shortest form needs, at most 17 of them.
    package static func of(_ magnitude: Double) -> (digits: UInt64, exponent: Int) {
        let bits = magnitude.bitPattern
        let ieeeMantissa = bits & ((1 << 52) - 1)
        let ieeeExponent = Int((bits >> 52) & 0x7FF)
        let e2: Int
        let m2: UInt64
        if ieeeExponent == 0 {
            e2 = 1 - 1023 - 52 - 2
            m2 = ieeeMantissa
        } else {
            e2 = ieeeExponent - 1023 - 52 - 2
            m2 = (1 << 52) | ieeeMantissa
        }
        // An even mantissa's halfway points round to it on reading, so they belong to its interval.
        let acceptBounds = m2 & 1 == 0
        let mv = 4 * m2
        let mmShift: UInt64 = ieeeMantissa != 0 || ieeeExponent <= 1 ? 1 : 0

        var vr: UInt64
        var vp: UInt64
        var vm: UInt64
        let e10: Int
        var vmIsTrailingZeros = false
        var vrIsTrailingZeros = false
        if e2 >= 0 {
            let q = log10Pow2(e2) - (e2 > 3 ? 1 : 0)
            e10 = q
            let k = inversePow5Bits + pow5Bits(q) - 1
            let i = -e2 + q + k
            let pow5 = inversePow5(q)
            vr = mulShift(4 * m2, pow5, i)
            vp = mulShift(4 * m2 + 2, pow5, i)
            vm = mulShift(4 * m2 - 1 - mmShift, pow5, i)
            if q <= 21 {
                if mv % 5 == 0 {
                    vrIsTrailingZeros = pow5Factor(mv) >= q
                } else if acceptBounds {
                    vmIsTrailingZeros = pow5Factor(mv - 1 - mmShift) >= q
                } else {
                    vp -= pow5Factor(mv + 2) >= q ? 1 : 0
                }
            }
        } else {
            let q = log10Pow5(-e2) - (-e2 > 1 ? 1 : 0)
            e10 = q + e2
            let i = -e2 - q
            let k = pow5Bits(i) - pow5BitCount
            let j = q - k
            let pow5 = power5(i)
            vr = mulShift(4 * m2, pow5, j)
            vp = mulShift(4 * m2 + 2, pow5, j)
            vm = mulShift(4 * m2 - 1 - mmShift, pow5, j)
            if q <= 1 {
                vrIsTrailingZeros = true
                if acceptBounds {
                    vmIsTrailingZeros = mmShift == 1
                } else {
                    vp -= 1
                }
            } else if q < 63 {
                vrIsTrailingZeros = mv & ((1 << UInt64(q)) - 1) == 0
            }
        }

        var removed = 0
        var lastRemovedDigit: UInt64 = 0
        let output: UInt64
        if vmIsTrailingZeros || vrIsTrailingZeros {
            // The rare case (about 0.7 %): an exact bound or an exact halfway point to honour.
            while vp / 10 > vm / 10 {
                vmIsTrailingZeros = vmIsTrailingZeros && vm % 10 == 0
                vrIsTrailingZeros = vrIsTrailingZeros && lastRemovedDigit == 0
                lastRemovedDigit = vr % 10
                vr /= 10
                vp /= 10
                vm /= 10
                removed += 1
            }
            if vmIsTrailingZeros {
                while vm % 10 == 0 {
                    vrIsTrailingZeros = vrIsTrailingZeros && lastRemovedDigit == 0
                    lastRemovedDigit = vr % 10
                    vr /= 10
                    vp /= 10
                    vm /= 10
                    removed += 1
                }
            }
            if vrIsTrailingZeros && lastRemovedDigit == 5 && vr % 2 == 0 {
                lastRemovedDigit = 4  // exactly halfway: to the even digit
            }
            let roundUp = (vr == vm && (!acceptBounds || !vmIsTrailingZeros)) || lastRemovedDigit >= 5
            output = vr + (roundUp ? 1 : 0)
        } else {
            var roundUp = false
            if vp / 100 > vm / 100 {
                roundUp = vr % 100 >= 50
                vr /= 100
                vp /= 100
                vm /= 100
                removed += 2
            }
            while vp / 10 > vm / 10 {
                roundUp = vr % 10 >= 5
                vr /= 10
                vp /= 10
                vm /= 10
                removed += 1
            }
            output = vr + (vr == vm || roundUp ? 1 : 0)
        }
        return (output, e10 + removed)
    }

    // MARK: Ryu's arithmetic (common.h, d2s_intrinsics.h, d2s_small_table.h)

    private static let pow5BitCount = 125
    private static let inversePow5Bits = 125

    private static func pow5Bits(_ e: Int) -> Int { Int((UInt32(e) &* 1_217_359) >> 19) + 1 }
    private static func log10Pow2(_ e: Int) -> Int { Int((UInt32(e) &* 78_913) >> 18) }
    private static func log10Pow5(_ e: Int) -> Int { Int((UInt32(e) &* 732_923) >> 20) }

    private static func pow5Factor(_ value: UInt64) -> Int {
        var value = value
        var count = 0
        while true {
            value = value &* 14_757_395_258_967_641_293  // the inverse of 5 modulo 2^64
            if value > 3_689_348_814_741_910_323 { return count }  // not a multiple of 5 any more
            count += 1
        }
    }

    /// (high:low of the 128-bit product `m` × `mul`) shifted right by `j`, with 64 < j < 128.
    private static func mulShift(_ m: UInt64, _ mul: (low: UInt64, high: UInt64), _ j: Int) -> UInt64 {
        let high0 = m.multipliedFullWidth(by: mul.low).high
        var (high1, low1) = m.multipliedFullWidth(by: mul.high)
        let (sum, carry) = high0.addingReportingOverflow(low1)
        if carry { high1 &+= 1 }
        return shiftRight(low: sum, high: high1, j - 64)
    }

    private static func shiftRight(low: UInt64, high: UInt64, _ distance: Int) -> UInt64 {
        (high &<< UInt64(64 - distance)) | (low &>> UInt64(distance))
    }

    /// The 128-bit sum (a + b + c), each given as (low, high).
    private static func add(_ a: (UInt64, UInt64), _ b: (UInt64, UInt64), _ c: UInt64) -> (low: UInt64, high: UInt64) {
        let (low1, carry1) = a.0.addingReportingOverflow(b.0)
        let (low, carry2) = low1.addingReportingOverflow(c)
        return (low, a.1 &+ b.1 &+ (carry1 ? 1 : 0) &+ (carry2 ? 1 : 0))
    }

    /// (x >> distance) + (y << (64 - distance)) as Ryu's `uint128_t` code computes it, 0 < distance < 64.
    private static func shiftedSum(
        _ x: (high: UInt64, low: UInt64), _ y: (high: UInt64, low: UInt64), _ distance: Int, plus c: UInt64
    ) -> (low: UInt64, high: UInt64) {
        let d = UInt64(distance)
        let right = (shiftRight(low: x.low, high: x.high, distance), x.high &>> d)
        let left = (y.low &<< (64 - d), (y.high &<< (64 - d)) | (y.low &>> d))
        return add(right, left, c)
    }

    private static func correction(_ offsets: [UInt32], _ i: Int) -> UInt64 {
        UInt64((offsets[i / 16] >> UInt32((i % 16) << 1)) & 3)
    }

    /// 5^i in Ryu's form: its top 125 bits.
    private static func power5(_ i: Int) -> (low: UInt64, high: UInt64) {
        let base = i / 26
        let base2 = base * 26
        let offset = i - base2
        let mul = (low: pow5Split[2 * base], high: pow5Split[2 * base + 1])
        if offset == 0 { return mul }
        let m = pow5Table[offset]
        let b0 = m.multipliedFullWidth(by: mul.low)
        let b2 = m.multipliedFullWidth(by: mul.high)
        return shiftedSum(b0, b2, pow5Bits(i) - pow5Bits(base2), plus: correction(pow5Offsets, i))
    }

    /// 2^k / 5^i in Ryu's form, rounded up.
    private static func inversePow5(_ i: Int) -> (low: UInt64, high: UInt64) {
        let base = (i + 25) / 26
        let base2 = base * 26
        let offset = base2 - i
        let mul = (low: pow5InverseSplit[2 * base], high: pow5InverseSplit[2 * base + 1])
        if offset == 0 { return mul }
        let m = pow5Table[offset]
        let b0 = m.multipliedFullWidth(by: mul.low - 1)
        let b2 = m.multipliedFullWidth(by: mul.high)
        return shiftedSum(b0, b2, pow5Bits(base2) - pow5Bits(i), plus: 1 + correction(pow5InverseOffsets, i))
    }

    // Ryu's d2s_small_table.h, each pair (low, high).
    private static let pow5InverseSplit: [UInt64] = [
        1, 2_305_843_009_213_693_952,
        5_955_668_970_331_000_884, 1_784_059_615_882_449_851,
        8_982_663_654_677_661_702, 1_380_349_269_358_112_757,
        7_286_864_317_269_821_294, 2_135_987_035_920_910_082,
        7_005_857_020_398_200_553, 1_652_639_921_975_621_497,
        17_965_325_103_354_776_697, 1_278_668_206_209_430_417,
        8_928_596_168_509_315_048, 1_978_643_211_784_836_272,
        10_075_671_573_058_298_858, 1_530_901_034_580_419_511,
        597_001_226_353_042_382, 1_184_477_304_306_571_148,
        1_527_430_471_115_325_346, 1_832_889_850_782_397_517,
        12_533_209_867_169_019_542, 1_418_129_833_677_084_982,
        5_577_825_024_675_947_042, 2_194_449_627_517_475_473,
        11_006_974_540_203_867_551, 1_697_873_161_311_732_311,
        10_313_493_231_639_821_582, 1_313_665_730_009_899_186,
        12_701_016_819_766_672_773, 2_032_799_256_770_390_445,
    ]
    private static let pow5InverseOffsets: [UInt32] = [
        0x5454_4554, 0x0405_5545, 0x1004_1000, 0x0040_0414, 0x4001_0000, 0x4115_5555,
        0x0000_0454, 0x0001_0044, 0x4000_0000, 0x4400_0041, 0x5045_4450, 0x5555_0054,
        0x5165_5554, 0x4000_4000, 0x0100_0001, 0x0001_0500, 0x5151_5411, 0x0555_5554,
        0x0000_0000,
    ]
    private static let pow5Split: [UInt64] = [
        0, 1_152_921_504_606_846_976,
        0, 1_490_116_119_384_765_625,
        1_032_610_780_636_961_552, 1_925_929_944_387_235_853,
        7_910_200_175_544_436_838, 1_244_603_055_572_228_341,
        16_941_905_809_032_713_930, 1_608_611_746_708_759_036,
        13_024_893_955_298_202_172, 2_079_081_953_128_979_843,
        6_607_496_772_837_067_824, 1_343_575_221_513_417_750,
        17_332_926_989_895_652_603, 1_736_530_273_035_216_783,
        13_037_379_183_483_547_984, 2_244_412_773_384_604_712,
        1_605_989_338_741_628_675, 1_450_417_759_929_778_918,
        9_630_225_068_416_591_280, 1_874_621_017_369_538_693,
        665_883_850_346_957_067, 1_211_445_438_634_777_304,
        14_931_890_668_723_713_708, 1_565_756_531_257_009_982,
    ]
    private static let pow5Offsets: [UInt32] = [
        0x0000_0000, 0x0000_0000, 0x0000_0000, 0x0000_0000, 0x4000_0000, 0x5969_5995,
        0x5554_5555, 0x5655_5515, 0x4115_0504, 0x4055_5410, 0x4455_5145, 0x4450_4540,
        0x4555_5550, 0x4000_4000, 0x9644_0440, 0x5556_5565, 0x5445_4045, 0x4015_4151,
        0x5555_9155, 0x5140_5555, 0x0000_0105,
    ]
    /// 5^0 ... 5^25.
    private static let pow5Table: [UInt64] = (0..<26).reduce(into: []) { table, n in
        table.append(n == 0 ? 1 : table[n - 1] * 5)
    }
}
