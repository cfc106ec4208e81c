//! strfmt's `email` format: Go's `mail.ParseAddress` succeeding
//! (`net/mail/message.go`, Go 1.26), with `mime`'s decoding of encoded
//! words in a display name.

use super::is_base64;
use crate::crd::netip::parse_addr;

/// strfmt's `IsEmail`: Go's `mail.ParseAddress` (`parseSingleAddress`)
/// succeeds. One RFC 5322 address: `local@domain`, optionally followed by
/// a parenthesised display name, or a display name (words, quoted or not)
/// and `<local@domain>`, or a group `name: address;` of exactly one; the
/// local part a dot-atom or a non-empty quoted string, the domain a
/// dot-atom or an IP address in brackets; comments and spaces around.
pub(super) fn is_email(text: &str) -> bool {
    let mut p = Mail { s: text };
    p.address(true) == Some(1) && p.skip_cfws() && p.s.is_empty()
}

/// `net/mail`'s `addrParser`: the text not read yet.
struct Mail<'a> {
    s: &'a str,
}

impl<'a> Mail<'a> {
    /// `parseAddress`: how many addresses (a group may have any number).
    fn address(&mut self, handle_group: bool) -> Option<usize> {
        self.skip_space();
        if self.s.is_empty() {
            return None;
        }
        // addr-spec is tried first, then name-addr.
        if self.addr_spec() {
            self.skip_space();
            if self.peek() == Some(b'(') && !self.display_name_comment() {
                return None;
            }
            return Some(1);
        }
        if self.peek() != Some(b'<') && !self.phrase() {
            return None;
        }
        self.skip_space();
        if handle_group && self.consume(b':') {
            return self.group_list();
        }
        (self.consume(b'<') && self.addr_spec() && self.consume(b'>')).then_some(1)
    }

    /// `consumeGroupList`, after the `:`: addresses (no groups) separated
    /// by commas, up to a `;`.
    fn group_list(&mut self) -> Option<usize> {
        self.skip_space();
        if self.consume(b';') {
            return self.skip_cfws().then_some(0);
        }
        let mut count = 0;
        loop {
            self.skip_space();
            count += self.address(false)?;
            if !self.skip_cfws() {
                return None;
            }
            if self.consume(b';') {
                return self.skip_cfws().then_some(count);
            }
            if !self.consume(b',') {
                return None;
            }
        }
    }

    /// `consumeAddrSpec`: `local@domain` (spaces allowed before each
    /// part); on failure nothing is consumed.
    fn addr_spec(&mut self) -> bool {
        let start = self.s;
        let ok = self.local_part() && self.consume(b'@') && self.domain();
        if !ok {
            self.s = start;
        }
        ok
    }

    /// A non-empty quoted string or a dot-atom without leading, trailing
    /// or double dots.
    fn local_part(&mut self) -> bool {
        self.skip_space();
        match self.peek() {
            None => false,
            Some(b'"') => self.quoted_string().is_some_and(|chars| chars > 0),
            Some(_) => self.atom(false).is_some(),
        }
    }

    /// A domain literal or a dot-atom without leading, trailing or double
    /// dots.
    fn domain(&mut self) -> bool {
        self.skip_space();
        match self.peek() {
            None => false,
            Some(b'[') => self.domain_literal(),
            Some(_) => self.atom(false).is_some(),
        }
    }

    /// `consumePhrase`: words (atoms with dots anywhere, or quoted
    /// strings) up to the first that is neither; an error only if there
    /// is no word before it. A run of encoded words (`=?utf-8?q?..?=`)
    /// counts as one word when it decodes to something; one in a charset
    /// the parser cannot read ends the phrase as an error.
    fn phrase(&mut self) -> bool {
        let mut words = 0;
        let mut encoded = false;
        let mut failed = false;
        loop {
            if words > 0 && !self.skip_cfws() {
                return false;
            }
            self.skip_space();
            if self.s.is_empty() {
                break;
            }
            let word = if self.peek() == Some(b'"') {
                self.quoted_string().map(|_| Word::Plain)
            } else {
                self.atom(true).map(rfc2047_word)
            };
            match word {
                None | Some(Word::CharsetError) => {
                    failed = true;
                    break;
                }
                Some(Word::Encoded { empty }) => encoded |= !empty,
                Some(Word::Plain) => {
                    words += usize::from(encoded) + 1;
                    encoded = false;
                }
            }
        }
        words += usize::from(encoded);
        !failed || words > 0
    }

    /// `consumeDisplayNameComment`: a comment whose space-separated words
    /// are not encoded words in a charset the parser cannot read.
    fn display_name_comment(&mut self) -> bool {
        if !self.consume(b'(') {
            return false;
        }
        self.comment().is_some_and(|comment| {
            comment
                .split([' ', '\t'])
                .filter(|word| !word.is_empty())
                .all(|word| !matches!(rfc2047_word(word), Word::CharsetError))
        })
    }

    /// `consumeQuotedString` at a `"`: qtext, spaces, tabs and `\`
    /// escaping a visible character, a space or a tab, up to the closing
    /// `"`; how many characters it holds.
    fn quoted_string(&mut self) -> Option<usize> {
        let mut chars = 0;
        let mut escaped = false;
        for (i, r) in self.s.char_indices().skip(1) {
            if escaped {
                if !is_vchar(r) && !is_wsp(r) {
                    return None;
                }
                escaped = false;
                chars += 1;
            } else if r == '"' {
                self.s = &self.s[i + 1..];
                return Some(chars);
            } else if r == '\\' {
                escaped = true;
            } else if is_vchar(r) || is_wsp(r) {
                chars += 1;
            } else {
                return None;
            }
        }
        None
    }

    /// `consumeAtom(true, permissive)`: atext and dots; unless
    /// `permissive`, no dot first, last or twice in a row.
    fn atom(&mut self, permissive: bool) -> Option<&'a str> {
        let end = self.s.find(|r| !is_atext(r)).unwrap_or(self.s.len());
        let (atom, rest) = self.s.split_at(end);
        if atom.is_empty() {
            return None;
        }
        self.s = rest;
        let dots = atom.starts_with('.') || atom.ends_with('.') || atom.contains("..");
        (permissive || !dots).then_some(atom)
    }

    /// `consumeDomainLiteral` at a `[`: dtext up to `]`, an IP address as
    /// `net.ParseIP` reads it (no zone; RFC 5321's `IPv6:` prefix is not
    /// understood).
    fn domain_literal(&mut self) -> bool {
        let inside = &self.s[1..];
        let end = inside.find(|r| !is_dtext(r)).unwrap_or(inside.len());
        if !inside[end..].starts_with(']') {
            return false;
        }
        self.s = &inside[end + 1..];
        parse_addr(&inside[..end]).is_ok_and(|(_, zone)| zone.is_empty())
    }

    /// `skipCFWS`: spaces and comments; false for a comment not closed.
    fn skip_cfws(&mut self) -> bool {
        self.skip_space();
        while self.consume(b'(') {
            if self.comment().is_none() {
                return false;
            }
            self.skip_space();
        }
        true
    }

    /// `consumeComment`, after its `(`: nested parentheses, `\` escaping
    /// the next byte; the text inside, `None` if it is not closed.
    fn comment(&mut self) -> Option<String> {
        let b = self.s.as_bytes();
        let (mut depth, mut i, mut text) = (1, 0, Vec::new());
        while depth > 0 {
            let mut c = *b.get(i)?;
            if c == b'\\' && i + 1 < b.len() {
                i += 1;
                c = b[i];
            } else if c == b'(' {
                depth += 1;
            } else if c == b')' {
                depth -= 1;
            }
            if depth > 0 {
                text.push(c);
            }
            i += 1;
        }
        self.s = &self.s[i..];
        Some(String::from_utf8_lossy(&text).into_owned())
    }

    /// `skipSpace`: spaces and tabs.
    fn skip_space(&mut self) {
        self.s = self.s.trim_start_matches([' ', '\t']);
    }

    fn peek(&self) -> Option<u8> {
        self.s.as_bytes().first().copied()
    }

    fn consume(&mut self, c: u8) -> bool {
        let found = self.peek() == Some(c);
        if found {
            self.s = &self.s[1..];
        }
        found
    }
}

/// What `decodeRFC2047Word` makes of a word.
enum Word {
    /// Not an encoded word (or one that does not decode): kept as it is.
    Plain,
    /// An encoded word in UTF-8, ISO-8859-1 or US-ASCII, which `mime`
    /// reads itself.
    Encoded { empty: bool },
    /// An encoded word in any other charset: `net/mail`'s decoder has no
    /// reader for it, an error.
    CharsetError,
}

/// `mime.WordDecoder.Decode`: `=?charset?encoding?text?=` with exactly
/// four `?`, a charset, a one-letter encoding, text that decodes (`B`:
/// padded standard base64; `Q`: printable ASCII, `_`, `=XX`), then the
/// charset.
fn rfc2047_word(word: &str) -> Word {
    let inner = word.strip_prefix("=?").and_then(|w| w.strip_suffix("?="));
    let Some(inner) = inner.filter(|_| word.len() >= 8 && word.matches('?').count() == 4) else {
        return Word::Plain;
    };
    let mut parts = inner.splitn(3, '?');
    let (Some(charset), Some(encoding), Some(text)) = (parts.next(), parts.next(), parts.next())
    else {
        return Word::Plain;
    };
    let decodes = match encoding {
        "B" | "b" => text.is_empty() || is_base64(text),
        "Q" | "q" => q_decodes(text),
        _ => false,
    };
    if charset.is_empty() || !decodes {
        Word::Plain
    } else if ["utf-8", "iso-8859-1", "us-ascii"]
        .iter()
        .any(|known| go_equal_fold(charset, known))
    {
        Word::Encoded {
            empty: text.is_empty(),
        }
    } else {
        Word::CharsetError
    }
}

/// `mime`'s `qDecode` succeeds: `_`, `=` and two hex digits, printable
/// ASCII, CR, LF or tab.
fn q_decodes(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        match c {
            b'=' => {
                let hex = b
                    .get(i + 1..i + 3)
                    .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit));
                if !hex {
                    return false;
                }
                i += 3;
            }
            b' '..=b'~' | b'\n' | b'\r' | b'\t' => i += 1,
            _ => return false,
        }
    }
    true
}

/// `strings.EqualFold(name, known)` for a lowercase ASCII `known`: ASCII
/// case, and `ſ` (U+017F), which Unicode folds to `s`.
fn go_equal_fold(name: &str, known: &str) -> bool {
    name.chars().count() == known.len()
        && name
            .chars()
            .zip(known.chars())
            .all(|(c, k)| c.to_ascii_lowercase() == k || (k == 's' && c == 'ſ'))
}

/// `isAtext(r, true)`: a visible character but the specials.
fn is_atext(r: char) -> bool {
    !"()<>[]:;@\\,\"".contains(r) && is_vchar(r)
}

/// `isDtext`: a visible character but `[`, `]` and `\`.
fn is_dtext(r: char) -> bool {
    !"[]\\".contains(r) && is_vchar(r)
}

/// `isVchar`: printable ASCII, or any character beyond ASCII.
fn is_vchar(r: char) -> bool {
    ('!'..='~').contains(&r) || !r.is_ascii()
}

/// `isWSP`.
fn is_wsp(r: char) -> bool {
    r == ' ' || r == '\t'
}
