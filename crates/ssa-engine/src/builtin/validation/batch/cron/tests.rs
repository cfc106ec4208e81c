//! Each test names the robfig/cron v3.0.1 `parser.go` function (or the
//! Go function under it) it follows. The expected texts were printed by
//! `cron.ParseStandard` itself (v3.0.1 built with Go 1.19, whose
//! `strconv.Atoi` and `time.ParseDuration` errors read as the newest
//! Go's); `TZ=` zones only use names the embedded database has too.

#![allow(clippy::unwrap_used)]

use super::{Parsed, Schedule, atoi, load_location, parse_duration, parse_standard};

/// How a case ends: `Ok`, Go's error text, or Go's panic.
enum Want {
    Ok,
    Err(&'static str),
    Panic,
}
use Want::{Err, Ok, Panic};

fn check(cases: &[(&str, Want)]) {
    for (spec, want) in cases {
        let got = parse_standard(spec);
        match (want, &got) {
            (Ok, Parsed::Ok(_)) | (Panic, Parsed::Panic) => {}
            (Err(text), Parsed::Err(message)) if message == text => {}
            _ => panic!("{spec:?}: got {got:?}"),
        }
    }
}

/// `Parse`'s empty spec and `normalizeFields`' count of `strings.Fields`
/// (split on any white space), printed as `%s` prints a `[]string`.
#[test]
fn parse_and_normalize_fields() {
    check(&[
        ("", Err("empty spec string")),
        (
            "*/5 * * *",
            Err("expected exactly 5 fields, found 4: [*/5 * * *]"),
        ),
        (
            "0 0 * * * *",
            Err("expected exactly 5 fields, found 6: [0 0 * * * *]"),
        ),
    ]);
}

/// `getRange`: `*` and `?` (anything after their `-` ignored), ranges,
/// `N/step` up to the maximum, the bounds checked before the step, too
/// many `-` or `/`; names through `parseIntOrName` (Go's `ToLower` turns
/// `İ` into `i`).
#[test]
fn get_range() {
    check(&[
        ("*/5 * * * *", Ok),
        (
            "61 * * * *",
            Err("end of range (61) above maximum (59): 61"),
        ),
        (
            "0-60 * * * *",
            Err("end of range (60) above maximum (59): 0-60"),
        ),
        (
            "5-3 * * * *",
            Err("beginning of range (5) beyond end of range (3): 5-3"),
        ),
        (
            "1-10/0 * * * *",
            Err("step of range should be a positive number: 1-10/0"),
        ),
        (
            "*/0 * * * *",
            Err("step of range should be a positive number: */0"),
        ),
        (
            "9223372036854775807 * * * *",
            Err("end of range (9223372036854775807) above maximum (59): 9223372036854775807"),
        ),
        ("1-2-3 * * * *", Err("too many hyphens: 1-2-3")),
        ("1/2/3 * * * *", Err("too many slashes: 1/2/3")),
        ("+5 * * * *", Ok),
        (
            "0 0 0 * *",
            Err("beginning of range (0) below minimum (1): 0"),
        ),
        (
            "0 24 * * *",
            Err("end of range (24) above maximum (23): 24"),
        ),
        (
            "0 0 * 13 *",
            Err("end of range (13) above maximum (12): 13"),
        ),
        (
            "0 0 * 0 *",
            Err("beginning of range (0) below minimum (1): 0"),
        ),
        ("0 0 * * 7", Err("end of range (7) above maximum (6): 7")),
        ("0 0 * JAN-dec MON-fri", Ok),
        ("0 0 * * FRİ", Ok),
        ("0 0 * * fri/2", Ok),
        ("0 0 1,15,,30 * ?", Ok),
        ("0 0 * * ?-3", Ok),
        ("0 0 * * *-3", Ok),
        ("0,5 0-23/2 1-31/10 */3 0-6", Ok),
        (" 0  0 * * * ", Ok),
        ("7 * * * sun", Ok),
        (
            "0 0 * * 0/0",
            Err("step of range should be a positive number: 0/0"),
        ),
        (
            "60/5 * * * *",
            Err("beginning of range (60) beyond end of range (59): 60/5"),
        ),
        ("0/60 * * * *", Ok),
        ("1-1 * * * *", Ok),
    ]);
}

/// `mustParseInt`: `strconv.Atoi`'s errors (a leading `-` is a range's
/// separator, so only a step can be negative), beyond int64 out of range.
#[test]
fn must_parse_int() {
    check(&[
        (
            "x * * * *",
            Err("failed to parse int from x: strconv.Atoi: parsing \"x\": invalid syntax"),
        ),
        (
            "99999999999999999999 * * * *",
            Err(
                "failed to parse int from 99999999999999999999: strconv.Atoi: parsing \"99999999999999999999\": value out of range",
            ),
        ),
        (
            "9223372036854775808 * * * *",
            Err(
                "failed to parse int from 9223372036854775808: strconv.Atoi: parsing \"9223372036854775808\": value out of range",
            ),
        ),
        (
            "-9223372036854775808 * * * *",
            Err("failed to parse int from : strconv.Atoi: parsing \"\": invalid syntax"),
        ),
        ("*/-1 * * * *", Err("negative number (-1) not allowed: -1")),
        (
            "1- * * * *",
            Err("failed to parse int from : strconv.Atoi: parsing \"\": invalid syntax"),
        ),
        (
            "-5 * * * *",
            Err("failed to parse int from : strconv.Atoi: parsing \"\": invalid syntax"),
        ),
        (
            "0 0 ** * *",
            Err("failed to parse int from **: strconv.Atoi: parsing \"**\": invalid syntax"),
        ),
    ]);
}

/// `parseDescriptor`: the named schedules, taken only as they are (no
/// white space around), and `@every` through `time.ParseDuration`
/// (negative durations pass: `Every` raises them to a second).
#[test]
fn parse_descriptor() {
    check(&[
        ("@yearly", Ok),
        ("@annually", Ok),
        ("@monthly", Ok),
        ("@weekly", Ok),
        ("@daily", Ok),
        ("@midnight", Ok),
        ("@hourly", Ok),
        ("@every 1h30m", Ok),
        ("@every -1s", Ok),
        ("@every 1.5h", Ok),
        ("@every .5s", Ok),
        (
            "@every 1",
            Err("failed to parse duration @every 1: time: missing unit in duration \"1\""),
        ),
        ("@every", Err("unrecognized descriptor: @every")),
        (
            "@every x",
            Err("failed to parse duration @every x: time: invalid duration \"x\""),
        ),
        (
            "@every 1d",
            Err("failed to parse duration @every 1d: time: unknown unit \"d\" in duration \"1d\""),
        ),
        (
            "@every 1h ",
            Err(
                "failed to parse duration @every 1h : time: unknown unit \"h \" in duration \"1h \"",
            ),
        ),
        ("@every 9223372036854775807ns", Ok),
        (
            "@every 9223372036854775808ns",
            Err(
                "failed to parse duration @every 9223372036854775808ns: time: invalid duration \"9223372036854775808ns\"",
            ),
        ),
        ("@every 9223372036854775808ns9223372036854775808ns", Ok),
        ("@every -9223372036854775808ns", Ok),
        ("@every 1µs", Ok),
        ("@every 1μs", Ok),
        (
            "@every 1é",
            Err(
                "failed to parse duration @every 1é: time: unknown unit \"\\xc3\\xa9\" in duration \"1\\xc3\\xa9\"",
            ),
        ),
        ("@every 0", Ok),
        ("@every -0", Ok),
        (
            "@every +",
            Err("failed to parse duration @every +: time: invalid duration \"+\""),
        ),
        ("@every 1.s", Ok),
        (
            "@every .s",
            Err("failed to parse duration @every .s: time: invalid duration \".s\""),
        ),
        (
            "@every 3000000h",
            Err("failed to parse duration @every 3000000h: time: invalid duration \"3000000h\""),
        ),
        ("@every 2562047h47m16.854775807s", Ok),
        (
            "@every 2562047h47m16.854775808s",
            Err(
                "failed to parse duration @every 2562047h47m16.854775808s: time: invalid duration \"2562047h47m16.854775808s\"",
            ),
        ),
        ("@fortnightly", Err("unrecognized descriptor: @fortnightly")),
        (
            " @hourly",
            Err("expected exactly 5 fields, found 1: [@hourly]"),
        ),
        ("@hourly ", Err("unrecognized descriptor: @hourly ")),
    ]);
}

/// `Parse`'s `TZ=`/`CRON_TZ=` prefix: the zone up to the first space
/// (a tab is part of it) through `time.LoadLocation`; with no space Go
/// slices out of bounds and panics.
#[test]
fn time_zone_prefix() {
    check(&[
        ("TZ=UTC 0 * * * *", Ok),
        ("CRON_TZ=Europe/Paris 0 * * * *", Ok),
        (
            "TZ=Foo/Bar 0 * * * *",
            Err("provided bad location Foo/Bar: unknown time zone Foo/Bar"),
        ),
        ("TZ= 0 * * * *", Ok),
        (
            "TZ=../x 0 * * * *",
            Err("provided bad location ../x: time: invalid location name"),
        ),
        ("TZ=Local @hourly", Ok),
        ("TZ=UTC  @every 1h", Ok),
        ("TZ=UTC", Panic),
        ("CRON_TZ=UTC", Panic),
        (
            "TZ=UTC\t0 * * * *",
            Err("provided bad location UTC\t0: unknown time zone UTC\t0"),
        ),
        (
            "TZ=Europe/Paris 61 * * * *",
            Err("end of range (61) above maximum (59): 61"),
        ),
    ]);
}

/// `getBits` and the star bit, as `SpecSchedule` holds them.
#[test]
fn get_bits() {
    let Parsed::Ok(Schedule::Spec {
        minute,
        hour,
        dom,
        month,
        dow,
    }) = parse_standard("*/5 * * * *")
    else {
        panic!("*/5 * * * *");
    };
    // Values from Go: a step above 1 drops the star bit.
    assert_eq!(
        [minute, hour, dom, month, dow],
        [
            37191016277640225,
            9223372036871553023,
            9223372041149743102,
            9223372036854783998,
            9223372036854775935
        ]
    );
    assert_eq!(
        parse_standard("0,5 0-23/2 1-31/10 */3 0-6"),
        Parsed::Ok(Schedule::Spec {
            minute: 33,
            hour: 5592405,
            dom: 2149582850,
            month: 1170,
            dow: 127
        })
    );
    assert_eq!(
        parse_standard("@weekly"),
        Parsed::Ok(Schedule::Spec {
            minute: 1,
            hour: 1,
            dom: 9223372041149743102,
            month: 9223372036854783998,
            dow: 1
        })
    );
}

/// `time.ParseDuration`'s values: fractions through float64, Go's uint64
/// wrap on adding 2^63 twice.
#[test]
fn parse_duration_values() {
    for (text, nanos) in [
        ("1h30m", 5_400_000_000_000),
        ("-1s", -1_000_000_000),
        ("1.5h", 5_400_000_000_000),
        (".5s", 500_000_000),
        ("1.s", 1_000_000_000),
        ("-0", 0),
        ("9223372036854775807ns", i64::MAX),
        ("-9223372036854775808ns", i64::MIN),
        ("9223372036854775808ns9223372036854775808ns", 0),
        ("2562047h47m16.854775807s", i64::MAX),
    ] {
        assert_eq!(
            parse_duration(text),
            std::result::Result::Ok(nanos),
            "{text}"
        );
    }
}

/// `strconv.Atoi`: the fast path under 19 bytes and `ParseInt`'s beyond.
#[test]
fn strconv_atoi() {
    assert_eq!(atoi("+5"), std::result::Result::Ok(5));
    assert_eq!(
        atoi("-9223372036854775808"),
        std::result::Result::Ok(i64::MIN)
    );
    for (text, error) in [
        ("", "strconv.Atoi: parsing \"\": invalid syntax"),
        ("-", "strconv.Atoi: parsing \"-\": invalid syntax"),
        (
            "9223372036854775808",
            "strconv.Atoi: parsing \"9223372036854775808\": value out of range",
        ),
        (
            "-9223372036854775809",
            "strconv.Atoi: parsing \"-9223372036854775809\": value out of range",
        ),
        // ParseUint stops at the overflow before it reaches the `x`.
        (
            "99999999999999999999x",
            "strconv.Atoi: parsing \"99999999999999999999x\": value out of range",
        ),
        (
            "9999999999999999999x",
            "strconv.Atoi: parsing \"9999999999999999999x\": invalid syntax",
        ),
    ] {
        assert_eq!(
            atoi(text),
            std::result::Result::Err(error.to_string()),
            "{text}"
        );
    }
}

/// `time.LoadLocation` on the embedded database: the special names, the
/// path checks, a folder's own zip entry, names case-sensitive.
#[test]
fn time_load_location() {
    for ok in [
        "",
        "UTC",
        "Local",
        "Europe/Paris",
        "America/Argentina/Buenos_Aires",
        "Etc/GMT+5",
        "US/Pacific",
        "Factory",
    ] {
        assert_eq!(load_location(ok), std::result::Result::Ok(()), "{ok}");
    }
    for (name, error) in [
        ("../etc/passwd", "time: invalid location name"),
        ("a..b", "time: invalid location name"),
        ("/etc/localtime", "time: invalid location name"),
        ("\\x", "time: invalid location name"),
        ("America/", "malformed time zone information"),
        ("America/Argentina/", "malformed time zone information"),
        ("America", "unknown time zone America"),
        ("europe/paris", "unknown time zone europe/paris"),
        ("Foo/", "unknown time zone Foo/"),
        ("posixrules", "unknown time zone posixrules"),
    ] {
        assert_eq!(
            load_location(name),
            std::result::Result::Err(error.to_string()),
            "{name}"
        );
    }
}
