//! The names and groups Go's regexp knows (`regexp/syntax`'s
//! `perl_groups.go` and `unicodeTable`, Go's `unicode` package), and
//! simple case folding (`unicode.SimpleFold`).
//!
//! The engine has no Unicode property tables of its own: a `\p{…}` class
//! is checked by name here and matched by the host's engine (see
//! `super::host`). Case folding comes from Rust's own case mappings.

use std::sync::OnceLock;

/// A class Go builds from a table: its ranges, or a Unicode property
/// the host matches.
pub(super) enum Table {
    /// `\p{Any}`.
    Any,
    /// `\p{ASCII}` (`asciiTable`; folded, `asciiFoldTable` adds `ſ` and
    /// the Kelvin sign).
    Ascii,
    /// `\p{Assigned}`: what is not `Cn`.
    Assigned,
    /// A general category (`Lu`, `L`, `LC`, `Cn`) or a script
    /// (`Script=Greek`), as the host's `\p{…}` names it; `foldable`
    /// when Go has a fold table for it (`FoldCategory`, `FoldScript`).
    Property { host: String, foldable: bool },
}

/// `unicodeTable`: the table `name` stands for, matched as Go 1.25 does
/// (`canonicalName`: case, spaces, underscores and hyphens ignored).
pub(super) fn table(name: &str) -> Option<Table> {
    let wanted = canonical(name);
    match wanted.as_str() {
        "any" => return Some(Table::Any),
        "ascii" => return Some(Table::Ascii),
        "assigned" => return Some(Table::Assigned),
        _ => {}
    }
    let category = CATEGORIES
        .iter()
        .find(|c| canonical(c) == wanted)
        .or_else(|| {
            CATEGORY_ALIASES
                .iter()
                .find(|(alias, _)| canonical(alias) == wanted)
                .map(|(_, c)| c)
        });
    if let Some(category) = category {
        let foldable = FOLD_CATEGORIES.contains(category);
        return Some(Table::Property {
            host: (*category).to_string(),
            foldable,
        });
    }
    let script = SCRIPTS.iter().find(|s| canonical(s) == wanted)?;
    Some(Table::Property {
        host: format!("Script={script}"),
        foldable: FOLD_SCRIPTS.contains(script),
    })
}

/// Go's `canonicalName`, lowered: names compare without case, spaces,
/// underscores or hyphens.
fn canonical(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, '_' | '-' | ' '))
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// `unicode.Categories` (with `LC` and `Cn`, as Go 1.25 has them).
const CATEGORIES: &[&str] = &[
    "C", "Cc", "Cf", "Cn", "Co", "Cs", "L", "LC", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me",
    "Mn", "N", "Nd", "Nl", "No", "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "S", "Sc", "Sk",
    "Sm", "So", "Z", "Zl", "Zp", "Zs",
];

/// `unicode.CategoryAliases`: Unicode's long names of the general
/// categories (`PropertyValueAliases.txt`).
const CATEGORY_ALIASES: &[(&str, &str)] = &[
    ("Cased_Letter", "LC"),
    ("Close_Punctuation", "Pe"),
    ("Combining_Mark", "M"),
    ("Connector_Punctuation", "Pc"),
    ("Control", "Cc"),
    ("cntrl", "Cc"),
    ("Currency_Symbol", "Sc"),
    ("Dash_Punctuation", "Pd"),
    ("Decimal_Number", "Nd"),
    ("digit", "Nd"),
    ("Enclosing_Mark", "Me"),
    ("Final_Punctuation", "Pf"),
    ("Format", "Cf"),
    ("Initial_Punctuation", "Pi"),
    ("Letter", "L"),
    ("Letter_Number", "Nl"),
    ("Line_Separator", "Zl"),
    ("Lowercase_Letter", "Ll"),
    ("Mark", "M"),
    ("Math_Symbol", "Sm"),
    ("Modifier_Letter", "Lm"),
    ("Modifier_Symbol", "Sk"),
    ("Nonspacing_Mark", "Mn"),
    ("Number", "N"),
    ("Open_Punctuation", "Ps"),
    ("Other", "C"),
    ("Other_Letter", "Lo"),
    ("Other_Number", "No"),
    ("Other_Punctuation", "Po"),
    ("Other_Symbol", "So"),
    ("Paragraph_Separator", "Zp"),
    ("Private_Use", "Co"),
    ("Punctuation", "P"),
    ("punct", "P"),
    ("Separator", "Z"),
    ("Space_Separator", "Zs"),
    ("Spacing_Mark", "Mc"),
    ("Surrogate", "Cs"),
    ("Symbol", "S"),
    ("Titlecase_Letter", "Lt"),
    ("Unassigned", "Cn"),
    ("Uppercase_Letter", "Lu"),
];

/// The categories and scripts with a fold table (`unicode.FoldCategory`,
/// `unicode.FoldScript`): case folding adds code points to them.
const FOLD_CATEGORIES: &[&str] = &["L", "LC", "Ll", "Lt", "Lu", "M", "Mn"];
const FOLD_SCRIPTS: &[&str] = &["Common", "Greek", "Inherited"];

/// `unicode.Scripts` of Unicode 15.0.0 (Go 1.21 and later), as
/// `tools/go-regexp/scripts.go` prints them.
pub(super) const SCRIPTS: &[&str] = &[
    "Adlam",
    "Ahom",
    "Anatolian_Hieroglyphs",
    "Arabic",
    "Armenian",
    "Avestan",
    "Balinese",
    "Bamum",
    "Bassa_Vah",
    "Batak",
    "Bengali",
    "Bhaiksuki",
    "Bopomofo",
    "Brahmi",
    "Braille",
    "Buginese",
    "Buhid",
    "Canadian_Aboriginal",
    "Carian",
    "Caucasian_Albanian",
    "Chakma",
    "Cham",
    "Cherokee",
    "Chorasmian",
    "Common",
    "Coptic",
    "Cuneiform",
    "Cypriot",
    "Cypro_Minoan",
    "Cyrillic",
    "Deseret",
    "Devanagari",
    "Dives_Akuru",
    "Dogra",
    "Duployan",
    "Egyptian_Hieroglyphs",
    "Elbasan",
    "Elymaic",
    "Ethiopic",
    "Georgian",
    "Glagolitic",
    "Gothic",
    "Grantha",
    "Greek",
    "Gujarati",
    "Gunjala_Gondi",
    "Gurmukhi",
    "Han",
    "Hangul",
    "Hanifi_Rohingya",
    "Hanunoo",
    "Hatran",
    "Hebrew",
    "Hiragana",
    "Imperial_Aramaic",
    "Inherited",
    "Inscriptional_Pahlavi",
    "Inscriptional_Parthian",
    "Javanese",
    "Kaithi",
    "Kannada",
    "Katakana",
    "Kawi",
    "Kayah_Li",
    "Kharoshthi",
    "Khitan_Small_Script",
    "Khmer",
    "Khojki",
    "Khudawadi",
    "Lao",
    "Latin",
    "Lepcha",
    "Limbu",
    "Linear_A",
    "Linear_B",
    "Lisu",
    "Lycian",
    "Lydian",
    "Mahajani",
    "Makasar",
    "Malayalam",
    "Mandaic",
    "Manichaean",
    "Marchen",
    "Masaram_Gondi",
    "Medefaidrin",
    "Meetei_Mayek",
    "Mende_Kikakui",
    "Meroitic_Cursive",
    "Meroitic_Hieroglyphs",
    "Miao",
    "Modi",
    "Mongolian",
    "Mro",
    "Multani",
    "Myanmar",
    "Nabataean",
    "Nag_Mundari",
    "Nandinagari",
    "New_Tai_Lue",
    "Newa",
    "Nko",
    "Nushu",
    "Nyiakeng_Puachue_Hmong",
    "Ogham",
    "Ol_Chiki",
    "Old_Hungarian",
    "Old_Italic",
    "Old_North_Arabian",
    "Old_Permic",
    "Old_Persian",
    "Old_Sogdian",
    "Old_South_Arabian",
    "Old_Turkic",
    "Old_Uyghur",
    "Oriya",
    "Osage",
    "Osmanya",
    "Pahawh_Hmong",
    "Palmyrene",
    "Pau_Cin_Hau",
    "Phags_Pa",
    "Phoenician",
    "Psalter_Pahlavi",
    "Rejang",
    "Runic",
    "Samaritan",
    "Saurashtra",
    "Sharada",
    "Shavian",
    "Siddham",
    "SignWriting",
    "Sinhala",
    "Sogdian",
    "Sora_Sompeng",
    "Soyombo",
    "Sundanese",
    "Syloti_Nagri",
    "Syriac",
    "Tagalog",
    "Tagbanwa",
    "Tai_Le",
    "Tai_Tham",
    "Tai_Viet",
    "Takri",
    "Tamil",
    "Tangsa",
    "Tangut",
    "Telugu",
    "Thaana",
    "Thai",
    "Tibetan",
    "Tifinagh",
    "Tirhuta",
    "Toto",
    "Ugaritic",
    "Vai",
    "Vithkuqi",
    "Wancho",
    "Warang_Citi",
    "Yezidi",
    "Yi",
    "Zanabazar_Square",
];

/// A Perl or POSIX class (`perlGroup`, `posixGroup`): its ranges, and
/// whether it is the negation of them.
pub(super) fn group(name: &str) -> Option<(&'static [(u32, u32)], bool)> {
    const DIGIT: &[(u32, u32)] = &[(0x30, 0x39)];
    const SPACE: &[(u32, u32)] = &[(0x09, 0x0a), (0x0c, 0x0d), (0x20, 0x20)];
    const WORD: &[(u32, u32)] = &[(0x30, 0x39), (0x41, 0x5a), (0x5f, 0x5f), (0x61, 0x7a)];
    let (base, negated) = match name.strip_prefix("[:^") {
        Some(rest) => (format!("[:{rest}"), true),
        None => (name.to_string(), false),
    };
    let ranges: &'static [(u32, u32)] = match base.as_str() {
        r"\d" | r"\D" => DIGIT,
        r"\s" | r"\S" => SPACE,
        r"\w" | r"\W" => WORD,
        "[:alnum:]" => &[(0x30, 0x39), (0x41, 0x5a), (0x61, 0x7a)],
        "[:alpha:]" => &[(0x41, 0x5a), (0x61, 0x7a)],
        "[:ascii:]" => &[(0x00, 0x7f)],
        "[:blank:]" => &[(0x09, 0x09), (0x20, 0x20)],
        "[:cntrl:]" => &[(0x00, 0x1f), (0x7f, 0x7f)],
        "[:digit:]" => DIGIT,
        "[:graph:]" => &[(0x21, 0x7e)],
        "[:lower:]" => &[(0x61, 0x7a)],
        "[:print:]" => &[(0x20, 0x7e)],
        "[:punct:]" => &[(0x21, 0x2f), (0x3a, 0x40), (0x5b, 0x60), (0x7b, 0x7e)],
        "[:space:]" => &[(0x09, 0x0d), (0x20, 0x20)],
        "[:upper:]" => &[(0x41, 0x5a)],
        "[:word:]" => WORD,
        "[:xdigit:]" => &[(0x30, 0x39), (0x41, 0x46), (0x61, 0x66)],
        _ => return None,
    };
    let upper_perl = name.len() == 2 && name.as_bytes()[1].is_ascii_uppercase();
    Some((ranges, negated || upper_perl))
}

/// Go's `minFold` and `maxFold`: the code points case folding involves.
pub(super) const MIN_FOLD: u32 = 0x41;
pub(super) const MAX_FOLD: u32 = 0x1e943;

/// The code points simple case folding makes equivalent to `c` (its
/// orbit, `unicode.SimpleFold` followed round), `c` included, in code
/// point order.
pub(super) fn orbit(c: u32) -> Vec<u32> {
    let (members, orbits) = folding();
    match members.binary_search_by_key(&c, |(member, _)| *member) {
        Ok(i) => orbits[members[i].1].clone(),
        Err(_) => vec![c],
    }
}

/// The members of orbits of two or more within `[lo, hi]`
/// (`appendFoldedRange` adds their orbits to a folded range).
pub(super) fn folding_members(lo: u32, hi: u32) -> impl Iterator<Item = u32> {
    let (members, _) = folding();
    let start = members.partition_point(|(m, _)| *m < lo);
    members[start..]
        .iter()
        .take_while(move |(m, _)| *m <= hi)
        .map(|(m, _)| *m)
}

/// Every code point in an orbit of two or more, with its orbit's index,
/// by code point; and the orbits. Built once from Rust's single-character
/// case mappings: a code point, its lower case and its upper case are
/// equivalent. That is Unicode's simple case folding, which Go follows,
/// but for the dotless `ı`: it upper-cases to `I` yet folds to nothing
/// (CaseFolding.txt has only a Turkic mapping for it).
type Folding = (Vec<(u32, usize)>, Vec<Vec<u32>>);

fn folding() -> &'static Folding {
    static FOLDING: OnceLock<Folding> = OnceLock::new();
    FOLDING.get_or_init(|| {
        fn single(mut mapped: impl Iterator<Item = char>) -> Option<char> {
            let first = mapped.next()?;
            mapped.next().is_none().then_some(first)
        }
        const DOTLESS_I: u32 = 0x131;
        let mut orbits: Vec<Vec<u32>> = Vec::new();
        let mut of: std::collections::BTreeMap<u32, usize> = std::collections::BTreeMap::new();
        for u in MIN_FOLD..=MAX_FOLD {
            let Some(c) = char::from_u32(u) else { continue };
            if u == DOTLESS_I {
                continue;
            }
            let mapped = [single(c.to_lowercase()), single(c.to_uppercase())];
            for m in mapped.into_iter().flatten().map(u32::from) {
                if m == u || m == DOTLESS_I {
                    continue;
                }
                match (of.get(&u).copied(), of.get(&m).copied()) {
                    (Some(a), Some(b)) if a != b => {
                        // Merge b into a.
                        let moved = std::mem::take(&mut orbits[b]);
                        for x in &moved {
                            of.insert(*x, a);
                        }
                        orbits[a].extend(moved);
                    }
                    (Some(_), Some(_)) => {}
                    (Some(a), None) => {
                        of.insert(m, a);
                        orbits[a].push(m);
                    }
                    (None, Some(b)) => {
                        of.insert(u, b);
                        orbits[b].push(u);
                    }
                    (None, None) => {
                        of.insert(u, orbits.len());
                        of.insert(m, orbits.len());
                        orbits.push(vec![u, m]);
                    }
                }
            }
        }
        for orbit in &mut orbits {
            orbit.sort_unstable();
        }
        (of.into_iter().collect(), orbits)
    })
}
