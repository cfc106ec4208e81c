//! Decimal text to `f64`, rounded correctly, without std's power table in
//! the page's wasm.
//!
//! std's `f64::from_str` rounds correctly (as Go's `strconv.ParseFloat`
//! does), but its Eisel-Lemire step carries a table of 128-bit powers of
//! five: 10 KB that do not compress, a fortieth of the app's gzipped wasm.
//! On wasm32, [`parse`] reads the number itself: a number of at most 15
//! digits with an exponent within ±22 is one exact `f64` multiplication
//! or division (both operands are exact, so IEEE rounds the product
//! correctly: Clinger's fast path); any other is divided out exactly in
//! big integers and rounded half to even. Either way the result is the
//! float nearest the text, ties to even, which is what std returns, so
//! every target reads the same values; `tests` compares the two on
//! generated texts, halfway cases included. Natively, where size does not
//! matter and the benchmarks do, it is std's.
//!
//! The other way, [`shortest`] gives a float's shortest digits that read
//! back the same, as `{:e}` prints them. On wasm32 it is core's Dragon
//! (`flt2dec::strategy::dragon::format_shortest`, whose results core's
//! Grisu fast path equals) on the big integers above: `{:e}` links core's
//! Grisu and Dragon for both the shortest and the exact (`{:.3e}`)
//! digits, of `f64` and `f32`: 15 KB of code, 8 KB of the gzipped app.

/// The value of `text` as `f64::from_str` reads it, for text of the form
/// `[+-]digits[.digits][(e|E)[+-]digits]` (the integer or the fraction
/// digits may be absent, not both): the nearest float, ties to even,
/// infinite beyond the largest. `None` for any other text (std's `inf`
/// and `nan` included).
pub fn parse(text: &str) -> Option<f64> {
    if cfg!(target_arch = "wasm32") {
        parse_decimal(text)
    } else if text
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.' | b'e' | b'E'))
    {
        text.parse().ok()
    } else {
        None
    }
}

/// Significant digits kept: every float and every point halfway between
/// two floats has at most 767, so the digits beyond count only as
/// "something more" (a `1` digit after the kept ones).
const KEPT_DIGITS: usize = 800;

/// The wasm path, public to the crate so that native tests run it.
pub(crate) fn parse_decimal(text: &str) -> Option<f64> {
    let bytes = text.as_bytes();
    let (negative, mut i) = match bytes.first() {
        Some(b'-') => (true, 1),
        Some(b'+') => (false, 1),
        _ => (false, 0),
    };
    // The value is `digits` (a whole number, leading zeros left out)
    // times ten to `exp10`.
    let mut digits: Vec<u8> = Vec::new();
    let mut exp10: i64 = 0;
    let mut more = false;
    let mut any = false;
    let mut fraction = false;
    while let Some(&c) = bytes.get(i) {
        if c.is_ascii_digit() {
            any = true;
            let d = c - b'0';
            if digits.is_empty() && d == 0 {
                // A leading zero.
            } else if digits.len() < KEPT_DIGITS {
                digits.push(d);
            } else {
                more |= d != 0;
                exp10 += 1;
            }
            if fraction {
                exp10 -= 1;
            }
        } else if c == b'.' && !fraction {
            fraction = true;
        } else {
            break;
        }
        i += 1;
    }
    if !any {
        return None;
    }
    if let Some(b'e' | b'E') = bytes.get(i) {
        i += 1;
        let negative_exp = bytes.get(i) == Some(&b'-');
        if matches!(bytes.get(i), Some(b'-' | b'+')) {
            i += 1;
        }
        let start = i;
        let mut exp: i64 = 0;
        while let Some(c @ b'0'..=b'9') = bytes.get(i) {
            // Far beyond any float's range: no need to count further.
            if exp < 1_000_000 {
                exp = exp * 10 + i64::from(c - b'0');
            }
            i += 1;
        }
        if i == start {
            return None;
        }
        exp10 += if negative_exp { -exp } else { exp };
    }
    if i != bytes.len() {
        return None;
    }
    if more {
        digits.push(1);
        exp10 -= 1;
    }
    while digits.last() == Some(&0) {
        digits.pop();
        exp10 += 1;
    }
    let magnitude = positive(&digits, exp10);
    Some(if negative { -magnitude } else { magnitude })
}

/// `digits` times ten to `exp10`, rounded to the nearest float.
fn positive(digits: &[u8], exp10: i64) -> f64 {
    // The value lies in [10^(point-1), 10^point).
    let point = digits.len() as i64 + exp10;
    if digits.is_empty() || point < -330 {
        return 0.0;
    }
    if point > 310 {
        return f64::INFINITY;
    }
    if digits.len() <= 15 && (-22..=22).contains(&exp10) {
        let mut whole = 0u64;
        for &d in digits {
            whole = whole * 10 + u64::from(d);
        }
        let mut scale = 1.0f64;
        for _ in 0..exp10.unsigned_abs() {
            scale *= 10.0;
        }
        #[allow(clippy::cast_precision_loss, reason = "below 10^15: exact")]
        let whole = whole as f64;
        return if exp10 < 0 {
            whole / scale
        } else {
            whole * scale
        };
    }
    // value / 2^shift = numerator / denominator, with `shift` chosen so
    // that the quotient has 54 or 55 bits (fewer for a subnormal).
    let mut numerator = vec![];
    for &d in digits {
        mul_add(&mut numerator, 10, u32::from(d));
    }
    let mut denominator = vec![1];
    let (up, down) = if exp10 < 0 {
        (&mut denominator, exp10.unsigned_abs())
    } else {
        (&mut numerator, exp10.unsigned_abs())
    };
    let mut left = down;
    while left > 0 {
        let step = left.min(9);
        mul_add(up, 10u32.pow(step as u32), 0);
        left -= step;
    }
    let shift = (bits(&numerator) as i64 - bits(&denominator) as i64 - 54).max(-1076);
    let numerator = shl(&numerator, (-shift).max(0) as usize);
    let denominator = shl(&denominator, shift.max(0) as usize);
    let (quotient, inexact) = divide(numerator, &denominator);
    // Drop the bits below the float's 53 (or below 2^-1074).
    let drop = (64 - i64::from(quotient.leading_zeros()) - 53).max(-1074 - shift);
    let drop = drop.clamp(1, 63) as u32;
    let mut mantissa = quotient >> drop;
    let rest = quotient & ((1 << drop) - 1);
    let half = 1 << (drop - 1);
    let mut exp2 = shift + i64::from(drop);
    if rest > half || (rest == half && (inexact || mantissa & 1 == 1)) {
        mantissa += 1;
        if mantissa == 1 << 53 {
            mantissa >>= 1;
            exp2 += 1;
        }
    }
    if mantissa < 1 << 52 {
        // Subnormal (or zero): the exponent is -1074.
        return f64::from_bits(mantissa);
    }
    let biased = exp2 + 1075;
    if biased >= 2047 {
        return f64::INFINITY;
    }
    f64::from_bits(((biased as u64) << 52) | (mantissa & ((1 << 52) - 1)))
}

/// A finite float's shortest digits that read back as the same float (as
/// an `f32` when `single`: the value is rounded to one first), as `{:e}`
/// prints them: the sign, the digits (ASCII, no point; `0` for zero) and
/// the decimal exponent of the first (`-1.5e-5` is `(true, "15", -5)`).
/// An infinite `f32` has no digits (`{:e}` prints `inf`). The engine's
/// one float printer: on wasm, `{}` or `{:e}` of a float anywhere would
/// link core's as well.
pub(crate) fn shortest(f: f64, single: bool) -> (bool, Vec<u8>, i32) {
    if cfg!(target_arch = "wasm32") {
        shortest_digits(f, single)
    } else if single {
        from_sci(&format!("{:e}", f as f32))
    } else {
        from_sci(&format!("{f:e}"))
    }
}

/// The sign, digits and exponent of what `{:e}` printed (`-1.5e-5`).
fn from_sci(sci: &str) -> (bool, Vec<u8>, i32) {
    let (negative, sci) = match sci.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, sci),
    };
    let (mantissa, exp) = sci.split_once('e').unwrap_or((sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits = mantissa.bytes().filter(u8::is_ascii_digit).collect();
    (negative, digits, exp)
}

/// The wasm path of [`shortest`], public to the crate so that native
/// tests compare it with `{:e}`: core's `flt2dec` decoding and Dragon's
/// shortest mode, step for step.
pub(crate) fn shortest_digits(f: f64, single: bool) -> (bool, Vec<u8>, i32) {
    // `integer_decode`: the value is `mant * 2^exp`.
    let (negative, finite, mant, exp, subnormal) = if single {
        let x = f as f32;
        let bits = x.to_bits();
        let e = (bits >> 23 & 0xff) as i32;
        let frac = u64::from(bits & 0x7f_ffff);
        let (mant, subnormal) = if e == 0 {
            (frac << 1, true)
        } else {
            (frac | 1 << 23, false)
        };
        (
            x.is_sign_negative(),
            x.is_finite(),
            mant,
            e - 150,
            subnormal,
        )
    } else {
        let bits = f.to_bits();
        let e = (bits >> 52 & 0x7ff) as i32;
        let frac = bits & ((1 << 52) - 1);
        let (mant, subnormal) = if e == 0 {
            (frac << 1, true)
        } else {
            (frac | 1 << 52, false)
        };
        (
            f.is_sign_negative(),
            f.is_finite(),
            mant,
            e - 1075,
            subnormal,
        )
    };
    if !finite {
        // `-inf`, and `NaN` without a sign.
        return (negative && !f.is_nan(), Vec::new(), 0);
    }
    if mant == 0 {
        return (negative, vec![b'0'], 0);
    }
    // `decode`: the floats around are `(mant - 2 * minus) * 2^exp` and
    // `(mant + 2 * plus) * 2^exp`; a power of two has a closer one below.
    // The bounds halfway read back as this float when its mantissa is even.
    let inclusive = mant & 1 == 0;
    let power_of_two = !subnormal && mant.is_power_of_two();
    let (mant, plus, exp) = if subnormal {
        (mant, 1, exp)
    } else if power_of_two {
        (mant << 2, 2, exp - 2)
    } else {
        (mant << 1, 1, exp - 1)
    };
    // `a < b`, or `a <= b` when the bounds are included.
    let before = |a: &[u32], b: &[u32]| if inclusive { !less(b, a) } else { less(a, b) };
    // `estimate_scaling_factor`: `k` or one less, where
    // `10^(k-1) < high <= 10^k`.
    let nbits = 64 - i64::from((mant + plus - 1).leading_zeros());
    let mut k = (((nbits + i64::from(exp)) * 1_292_913_986) >> 32) as i32;
    // `v = mant / scale`, `low = (mant - minus) / scale`, `high = (mant +
    // plus) / scale`, then divided by `10^k`.
    let big = |v: u64| -> Vec<u32> {
        let mut n = vec![v as u32, (v >> 32) as u32];
        while n.last() == Some(&0) {
            n.pop();
        }
        n
    };
    let (mut mant, mut minus, mut plus) = (big(mant), vec![1], big(plus));
    let mut scale = vec![1];
    if exp < 0 {
        scale = shl(&scale, exp.unsigned_abs() as usize);
    } else {
        let by = exp as usize;
        (mant, minus, plus) = (shl(&mant, by), shl(&minus, by), shl(&plus, by));
    }
    let times = |n: &mut Vec<u32>, by: u32, count: i32| (0..count).for_each(|_| mul_add(n, by, 0));
    if k >= 0 {
        times(&mut scale, 10, k);
    } else {
        for n in [&mut mant, &mut minus, &mut plus] {
            times(n, 10, -k);
        }
    }
    // Now `scale / 10 < mant + plus <= scale * 10`: fix `k` so that
    // `scale < mant + plus <= scale * 10`.
    if before(&scale, &add(&mant, &plus)) {
        k += 1;
    } else {
        for n in [&mut mant, &mut minus, &mut plus] {
            times(n, 10, 1);
        }
    }
    let multiples = [
        shl(&scale, 3),
        shl(&scale, 2),
        shl(&scale, 1),
        scale.clone(),
    ];
    let mut digits = Vec::new();
    let (down, up) = loop {
        // The next digit, `mant / scale`, and its remainder in `mant`.
        let mut d = 0;
        for (m, bit) in multiples.iter().zip([8, 4, 2, 1]) {
            if !less(&mant, m) {
                subtract(&mut mant, m);
                d += bit;
            }
        }
        digits.push(b'0' + d);
        // Stop when the digits so far (`down`) or with the last one
        // increased (`up`) lie within the bounds.
        let down = before(&mant, &minus);
        let up = before(&scale, &add(&mant, &plus));
        if down || up {
            break (down, up);
        }
        for n in [&mut mant, &mut minus, &mut plus] {
            times(n, 10, 1);
        }
    };
    // Round up when only that lies within the bounds, or when both do and
    // the rest is at least half a digit.
    if up && (!down || !less(&shl(&mant, 1), &scale)) {
        match digits.iter().rposition(|&c| c != b'9') {
            Some(i) => {
                digits[i] += 1;
                digits[i + 1..].fill(b'0');
            }
            None => {
                // `999` becomes `1000`, one more digit and a larger exponent.
                digits.fill(b'0');
                digits[0] = b'1';
                digits.push(b'0');
                k += 1;
            }
        }
    }
    (negative, digits, k - 1)
}

/// `a + b`, little-endian 32-bit limbs.
fn add(a: &[u32], b: &[u32]) -> Vec<u32> {
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let mut out = long.to_vec();
    let mut carry = 0u64;
    for (i, limb) in out.iter_mut().enumerate() {
        let v = u64::from(*limb) + u64::from(short.get(i).copied().unwrap_or(0)) + carry;
        *limb = v as u32;
        carry = v >> 32;
    }
    if carry > 0 {
        out.push(carry as u32);
    }
    out
}

/// `n = n * by + add`, little-endian 32-bit limbs.
fn mul_add(n: &mut Vec<u32>, by: u32, add: u32) {
    let mut carry = u64::from(add);
    for limb in n.iter_mut() {
        let v = u64::from(*limb) * u64::from(by) + carry;
        *limb = v as u32;
        carry = v >> 32;
    }
    if carry > 0 {
        n.push(carry as u32);
    }
}

/// The number of significant bits (no high zero limbs: none are kept).
fn bits(n: &[u32]) -> usize {
    n.last()
        .map_or(0, |top| n.len() * 32 - top.leading_zeros() as usize)
}

fn shl(n: &[u32], by: usize) -> Vec<u32> {
    let (limbs, bit) = (by / 32, by % 32);
    let mut out = vec![0; limbs];
    let mut carry = 0u32;
    for &limb in n {
        if bit == 0 {
            out.push(limb);
        } else {
            out.push((limb << bit) | carry);
            carry = limb >> (32 - bit);
        }
    }
    if carry > 0 {
        out.push(carry);
    }
    out
}

/// `numerator / denominator` when the quotient is below 2^55, and
/// whether anything remained.
fn divide(mut numerator: Vec<u32>, denominator: &[u32]) -> (u64, bool) {
    let mut quotient = 0u64;
    for bit in (0..55).rev() {
        let part = shl(denominator, bit);
        if !less(&numerator, &part) {
            subtract(&mut numerator, &part);
            quotient |= 1 << bit;
        }
    }
    (quotient, !numerator.is_empty())
}

/// `a < b`, neither with high zero limbs.
fn less(a: &[u32], b: &[u32]) -> bool {
    if a.len() != b.len() {
        return a.len() < b.len();
    }
    a.iter().rev().lt(b.iter().rev())
}

/// `a -= b` when `b <= a`; high zero limbs dropped.
fn subtract(a: &mut Vec<u32>, b: &[u32]) {
    let mut borrow = false;
    for (i, limb) in a.iter_mut().enumerate() {
        let (v, b1) = limb.overflowing_sub(b.get(i).copied().unwrap_or(0));
        let (v, b2) = v.overflowing_sub(u32::from(borrow));
        *limb = v;
        borrow = b1 || b2;
    }
    while a.last() == Some(&0) {
        a.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str) {
        let std = if text
            .bytes()
            .all(|b| b.is_ascii_digit() || b"+-.eE".contains(&b))
        {
            text.parse::<f64>().ok()
        } else {
            None
        };
        let ours = parse_decimal(text);
        assert_eq!(
            ours.map(f64::to_bits),
            std.map(f64::to_bits),
            "{text:?}: {ours:?} (std {std:?})"
        );
        assert_eq!(
            parse(text).map(f64::to_bits),
            std.map(f64::to_bits),
            "{text:?}"
        );
    }

    /// xorshift64*: deterministic test data without a dependency.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    #[test]
    fn fixed_texts() {
        for text in [
            "",
            "+",
            "-",
            ".",
            "e",
            "e5",
            "1e",
            "1e+",
            "1e-",
            "--1",
            "+-1",
            "1..2",
            "1.2.3",
            "1e5e5",
            "1e5.5",
            ".e1",
            "0",
            "-0",
            "+0",
            "0.0",
            "-0.0",
            "0e0",
            "-0e999999999999",
            "00000",
            "1",
            "-1",
            "1.",
            ".5",
            "-.5",
            "+.5e-3",
            "1e5",
            "1E5",
            "1e+5",
            "1e-5",
            "123456789012345",
            "1234567890123456",
            "12345678901234567890",
            "9007199254740993",
            "9007199254740992",
            "9007199254740993.0000000000000000000001",
            "0.1",
            "0.2",
            "0.3",
            "3.14159265358979",
            "2.2250738585072011e-308",
            "2.2250738585072012e-308",
            "2.2250738585072014e-308",
            "4.9406564584124654e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "2.4703282292062328e-324",
            "5e-324",
            "1e-324",
            "3e-324",
            "1e-400",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "1.797693134862315807e308",
            "1e309",
            "1e310",
            "1e400",
            "1e22",
            "1e23",
            "9e22",
            "123e20",
            "1e-22",
            "1e-23",
            "1e999999999999999",
            "1e-999999999999999",
            "0.000000000000000000000000000000001e33",
            "1e0000000000000000000001",
            "inf",
            "nan",
            "infinity",
            "-inf",
            "NaN",
            " 1",
            "1 ",
            "0x10",
            "1_0",
            "١",
        ] {
            check(text);
        }
    }

    #[test]
    fn random_digit_strings() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let alphabet = b"0123456789012345678901234567890123456789+-.eE";
        for _ in 0..200_000 {
            let len = rng.below(30) as usize;
            let text: String = (0..len)
                .map(|_| char::from(alphabet[rng.below(alphabet.len() as u64) as usize]))
                .collect();
            check(&text);
        }
    }

    #[test]
    fn printed_floats_and_neighbours() {
        let mut rng = Rng(0x0123_4567_89AB_CDEF);
        for _ in 0..100_000 {
            let f = f64::from_bits(rng.next());
            if !f.is_finite() {
                continue;
            }
            let shortest = format!("{f:e}");
            check(&shortest);
            check(&format!("{f}"));
            let precision = rng.below(25) as usize;
            check(&format!("{f:.precision$e}"));
            // One more or one less in the last digit.
            let (mantissa, exp) = shortest.split_once('e').unwrap_or((&shortest, "0"));
            let mut bytes = mantissa.as_bytes().to_vec();
            if let Some(last) = bytes.last_mut()
                && last.is_ascii_digit()
            {
                *last = if *last == b'9' { b'8' } else { *last + 1 };
            }
            check(&format!("{}e{exp}", String::from_utf8(bytes).unwrap()));
        }
    }

    /// The exact decimal of `(2m + 1) * 2^(e - 1)`, the point halfway
    /// between `m * 2^e` and the next float, and texts just around it.
    #[test]
    fn halfway_points() {
        let mut rng = Rng(0xDEAD_BEEF_CAFE_F00D);
        for round in 0..4_000 {
            let bits = match round % 4 {
                // Small exponents (subnormals among them) and large ones.
                0 => rng.below(1 << 56),
                1 => (2046 << 52) - 1 - rng.below(1 << 56),
                _ => rng.next() & !(1 << 63),
            };
            let f = f64::from_bits(bits);
            if !f.is_finite() {
                continue;
            }
            let (m, e) = {
                let exp = (bits >> 52) as i64;
                let frac = bits & ((1 << 52) - 1);
                if exp == 0 {
                    (frac, -1074)
                } else {
                    (frac | 1 << 52, exp - 1075)
                }
            };
            // Decimal digits, most significant first, of 2m + 1 times
            // 2^(e-1) (or times 5^(1-e) over 10^(1-e)).
            let mut digits: Vec<u8> = (2 * m + 1).to_string().bytes().map(|b| b - b'0').collect();
            let times = |digits: &mut Vec<u8>, by: u8| {
                let mut carry = 0;
                for d in digits.iter_mut().rev() {
                    let v = *d * by + carry;
                    *d = v % 10;
                    carry = v / 10;
                }
                if carry > 0 {
                    digits.insert(0, carry);
                }
            };
            let exp10 = if e > 0 {
                for _ in 0..e - 1 {
                    times(&mut digits, 2);
                }
                0
            } else {
                for _ in 0..1 - e {
                    times(&mut digits, 5);
                }
                e - 1
            };
            let text: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
            check(&format!("{text}e{exp10}"));
            check(&format!("{text}1e{}", exp10 - 1));
            let mut below = digits.clone();
            if let Some(pos) = below.iter().rposition(|&d| d > 0) {
                below[pos] -= 1;
                for d in &mut below[pos + 1..] {
                    *d = 9;
                }
                let below: String = below.iter().map(|d| char::from(b'0' + d)).collect();
                check(&format!("{below}9999e{}", exp10 - 4));
                check(&format!("-0.{below}e{}", exp10 + below.len() as i64));
            }
        }
    }

    /// The wasm printer gives `{:e}`'s digits.
    fn check_shortest(f: f64) {
        for single in [false, true] {
            let std = if single {
                format!("{:e}", f as f32)
            } else {
                format!("{f:e}")
            };
            assert_eq!(
                shortest_digits(f, single),
                from_sci(&std),
                "{std} (single: {single})"
            );
            assert_eq!(shortest(f, single), from_sci(&std), "{std}");
        }
    }

    #[test]
    fn shortest_digits_as_std_prints_them() {
        for f in [
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.1,
            0.3,
            1.5e-5,
            100.0,
            1e21,
            1e22,
            1e23,
            123_456_789.0,
            9_007_199_254_740_993.0,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            2.225_073_858_507_201e-308,
            f64::from(f32::MAX),
            f64::from(f32::MIN_POSITIVE),
            1e-45,
            1e39,
            -1e39,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ] {
            check_shortest(f);
        }
        // Every power of two (a closer float below), and its neighbours.
        for e in 0..2046u64 {
            let bits = e << 52;
            for b in [bits, bits + 1, bits.saturating_sub(1)] {
                check_shortest(f64::from_bits(b));
            }
        }
        for e in 0..255u32 {
            let bits = e << 23;
            for b in [bits, bits + 1, bits.saturating_sub(1)] {
                check_shortest(f64::from(f32::from_bits(b)));
            }
        }
        let mut rng = Rng(0x5151_2727_9A9A_0303);
        for _ in 0..20_000 {
            check_shortest(f64::from_bits(rng.next()));
            // Subnormals, and short decimals (ties among the candidates).
            check_shortest(f64::from_bits(rng.below(1 << 53)));
            check_shortest(f64::from(f32::from_bits(rng.next() as u32)));
            let digits = rng.below(100_000) as f64;
            check_shortest(digits * 10f64.powi(rng.below(60) as i32 - 30));
        }
    }

    #[test]
    fn long_texts() {
        let ones = "1".repeat(5000);
        check(&ones);
        check(&format!("0.{ones}"));
        check(&format!("{ones}e-5000"));
        check(&format!("{}1", "0".repeat(5000)));
        check(&format!("0.{}1", "0".repeat(320)));
        check(&format!("0.{}25e-300", "0".repeat(20)));
        check(&format!("1{}e-5000", "0".repeat(5000)));
    }
}
