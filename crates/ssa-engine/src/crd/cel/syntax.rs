//! cel-go's syntax errors: what its ANTLR lexer and parser report for a
//! rule that is not CEL (`Syntax error: token recognition error at:
//! ''^\d'`, `mismatched input '+' expecting {…}`, `extraneous input`,
//! `missing`, `no viable alternative at input`), for the whole rule, as
//! the API server prints them after `compilation failed: `.
//!
//! The most common is a regular expression's backslash in a CEL string
//! (`self.matches('^\d+$')`): `\d` is not one of CEL's escapes, so the
//! string is not a token, and what follows it is read as operators.
//!
//! Laid out as the code it follows:
//! - [`lex`] is the CEL lexer of `parser/gen/CEL.g4` run as ANTLR's
//!   lexer runs it (`LexerATNSimulator`): the longest token wins, the
//!   earlier rule on a tie; where no token matches, the error names the
//!   text from the token's start through the character that ended the
//!   last live path, and that character is skipped (`BaseLexer.Recover`).
//! - [`Parser`] is the generated `cel_parser.go`, rule by rule, with the
//!   state numbers of its `SetState` calls; its error handling is
//!   ANTLR's `DefaultErrorStrategy` (`Sync`, `RecoverInline`'s single
//!   token deletion and insertion, `Recover`'s resynchronisation on the
//!   follow sets of the rules being parsed) under cel-go's
//!   `recoveryLimitErrorStrategy` (30 recoveries, 256 tokens skipped in
//!   one) and `recursionListener` (250 nested rules of one kind).
//! - The adaptive predictions of the generated parser are written out
//!   per decision: CEL's decisions are settled within three tokens, and
//!   when no alternative can go on, the one that already finished the
//!   decision's rule is taken (`getSynValidOrSemInvalidAltThatFinished…`),
//!   else the decision is `no viable alternative`.
//!
//! - On a parse without syntax errors, the checks cel-go's visitor makes
//!   as it builds the expression (`parser.go`, the macros of Kubernetes'
//!   environment): a macro's variables must be names, `has()` takes a
//!   selection, a reserved word names no variable or function, an escaped
//!   name is off, and 250 nested operators, selections, calls or indexes
//!   are too deep. The parse builds only what those checks read ([`Node`]).
//!
//! `tools/cel-syntax` records cel-go v0.26.0's answers; the tests hold
//! them.

use super::check::display;

// ----- tokens (`CEL.tokens`) -----

type Kind = u8;
const EOF: Kind = 0; // ANTLR's -1, first in a printed set
const EQUALS: Kind = 1;
const IN: Kind = 3;
const LESS: Kind = 4;
const GREATER: Kind = 7;
const LOGICAL_AND: Kind = 8;
const LOGICAL_OR: Kind = 9;
const LBRACKET: Kind = 10;
const RBRACKET: Kind = 11;
const LBRACE: Kind = 12;
const RBRACE: Kind = 13;
const LPAREN: Kind = 14;
const RPAREN: Kind = 15;
const DOT: Kind = 16;
const COMMA: Kind = 17;
const MINUS: Kind = 18;
const EXCLAM: Kind = 19;
const QUESTIONMARK: Kind = 20;
const COLON: Kind = 21;
const PLUS: Kind = 22;
const STAR: Kind = 23;
const PERCENT: Kind = 25;
const CEL_TRUE: Kind = 26;
const CEL_FALSE: Kind = 27;
const NUL: Kind = 28;
const WHITESPACE: Kind = 29;
const COMMENT: Kind = 30;
const NUM_FLOAT: Kind = 31;
const NUM_INT: Kind = 32;
const NUM_UINT: Kind = 33;
const STRING: Kind = 34;
const BYTES: Kind = 35;
const IDENTIFIER: Kind = 36;
const ESC_IDENTIFIER: Kind = 37;

/// The literal names, then the symbolic ones, as `StringVerbose` prints
/// a token type.
const NAMES: [&str; 38] = [
    "<EOF>",
    "'=='",
    "'!='",
    "'in'",
    "'<'",
    "'<='",
    "'>='",
    "'>'",
    "'&&'",
    "'||'",
    "'['",
    "']'",
    "'{'",
    "'}'",
    "'('",
    "')'",
    "'.'",
    "','",
    "'-'",
    "'!'",
    "'?'",
    "':'",
    "'+'",
    "'*'",
    "'/'",
    "'%'",
    "'true'",
    "'false'",
    "'null'",
    "WHITESPACE",
    "COMMENT",
    "NUM_FLOAT",
    "NUM_INT",
    "NUM_UINT",
    "STRING",
    "BYTES",
    "IDENTIFIER",
    "ESC_IDENTIFIER",
];

/// A set of token types, and whether the rule may end (ANTLR's epsilon
/// in `NextTokens`).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Set {
    kinds: u64,
    ends: bool,
}

const fn set(kinds: &[Kind]) -> Set {
    let mut bits = 0u64;
    let mut i = 0;
    while i < kinds.len() {
        bits |= 1 << kinds[i];
        i += 1;
    }
    Set {
        kinds: bits,
        ends: false,
    }
}

impl Set {
    const fn or(self, other: Set) -> Set {
        Set {
            kinds: self.kinds | other.kinds,
            ends: self.ends || other.ends,
        }
    }
    const fn or_end(self) -> Set {
        Set {
            kinds: self.kinds,
            ends: true,
        }
    }
    fn has(self, kind: Kind) -> bool {
        self.kinds & (1 << kind) != 0
    }
    /// `IntervalSet.StringVerbose`: one name alone, several in braces.
    fn verbose(self) -> String {
        let names: Vec<&str> = (0..NAMES.len())
            .filter(|&k| self.has(k as Kind))
            .map(|k| NAMES[k])
            .collect();
        match names.as_slice() {
            [one] => one.to_string(),
            _ => format!("{{{}}}", names.join(", ")),
        }
    }
}

const END: Set = Set {
    kinds: 0,
    ends: true,
};
const LITERAL_START: Set = set(&[
    MINUS, CEL_TRUE, CEL_FALSE, NUL, NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES,
]);
const PRIMARY_START: Set = set(&[DOT, IDENTIFIER, LPAREN, LBRACKET, LBRACE]).or(LITERAL_START);
const EXPR_START: Set = PRIMARY_START.or(set(&[EXCLAM]));
const OPT_EXPR_START: Set = EXPR_START.or(set(&[QUESTIONMARK]));
const FIELD_START: Set = set(&[QUESTIONMARK, IDENTIFIER, ESC_IDENTIFIER]);
const RELOPS: Set = set(&[EQUALS, 2, IN, LESS, 5, 6, GREATER]);
const MULOPS: Set = set(&[STAR, 24, PERCENT]);
const ADDOPS: Set = set(&[MINUS, PLUS]);

// ----- lexing -----

#[derive(Clone, Copy, Debug)]
struct Token {
    kind: Kind,
    /// Where it starts and ends, in characters.
    start: usize,
    end: usize,
    hidden: bool,
}

/// The tokens of `chars` (hidden ones too, which the text of a `no
/// viable alternative` shows), ending with EOF, and the lexer's errors.
fn lex(chars: &[char], errors: &mut Vec<(Option<usize>, String)>) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        match longest_token(chars, i) {
            Ok((kind, end)) => {
                tokens.push(Token {
                    kind,
                    start: i,
                    end,
                    hidden: kind == WHITESPACE || kind == COMMENT,
                });
                i = end;
            }
            Err(dead) => {
                let text: String = chars[i..chars.len().min(dead + 1)].iter().collect();
                errors.push((
                    Some(i),
                    format!("Syntax error: token recognition error at: '{text}'"),
                ));
                i = (dead + 1).min(chars.len()).max(i + 1);
            }
        }
    }
    tokens.push(Token {
        kind: EOF,
        start: chars.len(),
        end: chars.len(),
        hidden: false,
    });
    tokens
}

/// The token at `i`: its type and end, or where the last path that could
/// have made one died (the character it could not take, or the end).
fn longest_token(c: &[char], i: usize) -> Result<(Kind, usize), usize> {
    let at = |j: usize| c.get(j).copied();
    // Each candidate: Ok(end) when it matches, Err(dead) when it does not.
    let mut best: Option<(Kind, usize)> = None;
    let mut dead = i;
    let mut offer = |kind: Kind, result: Result<usize, usize>| match result {
        Ok(end) => {
            if best.is_none_or(|(_, e)| end > e) {
                best = Some((kind, end));
            }
        }
        Err(d) => dead = dead.max(d),
    };
    let first = c[i];
    // Operators, in the grammar's order (a tie goes to the earlier rule).
    const FIXED: [(&str, Kind); 28] = [
        ("==", EQUALS),
        ("!=", 2),
        ("in", IN),
        ("<", LESS),
        ("<=", 5),
        (">=", 6),
        (">", GREATER),
        ("&&", LOGICAL_AND),
        ("||", LOGICAL_OR),
        ("[", LBRACKET),
        ("]", RBRACKET),
        ("{", LBRACE),
        ("}", RBRACE),
        ("(", LPAREN),
        (")", RPAREN),
        (".", DOT),
        (",", COMMA),
        ("-", MINUS),
        ("!", EXCLAM),
        ("?", QUESTIONMARK),
        (":", COLON),
        ("+", PLUS),
        ("*", STAR),
        ("/", 24),
        ("%", PERCENT),
        ("true", CEL_TRUE),
        ("false", CEL_FALSE),
        ("null", NUL),
    ];
    for (text, kind) in FIXED {
        let mut j = i;
        let mut ok = true;
        for t in text.chars() {
            if at(j) != Some(t) {
                ok = false;
                break;
            }
            j += 1;
        }
        if ok {
            offer(kind, Ok(j));
        } else if j > i {
            offer(kind, Err(j));
        }
    }
    let space = |ch: char| matches!(ch, '\t' | ' ' | '\r' | '\n' | '\u{c}');
    if space(first) {
        let mut j = i;
        while at(j).is_some_and(space) {
            j += 1;
        }
        offer(WHITESPACE, Ok(j));
    }
    if first == '/' && at(i + 1) == Some('/') {
        let mut j = i + 2;
        while at(j).is_some_and(|ch| ch != '\n') {
            j += 1;
        }
        offer(COMMENT, Ok(j));
    }
    let digit = |j: usize| at(j).is_some_and(|ch| ch.is_ascii_digit());
    let hex = |j: usize| at(j).is_some_and(|ch| ch.is_ascii_hexdigit());
    let digits = |mut j: usize| {
        while digit(j) {
            j += 1;
        }
        j
    };
    // EXPONENT at `j`: its end, if there is one.
    let exponent = |j: usize| {
        if !matches!(at(j), Some('e' | 'E')) {
            return None;
        }
        let k = if matches!(at(j + 1), Some('+' | '-')) {
            j + 2
        } else {
            j + 1
        };
        digit(k).then(|| digits(k))
    };
    if first.is_ascii_digit() {
        let int = digits(i);
        offer(NUM_INT, Ok(int));
        if matches!(at(int), Some('u' | 'U')) {
            offer(NUM_UINT, Ok(int + 1));
        }
        if at(int) == Some('.') && digit(int + 1) {
            let frac = digits(int + 1);
            offer(NUM_FLOAT, Ok(exponent(frac).unwrap_or(frac)));
        }
        if let Some(end) = exponent(int) {
            offer(NUM_FLOAT, Ok(end));
        }
        if first == '0' && matches!(at(i + 1), Some('x')) && hex(i + 2) {
            let mut j = i + 2;
            while hex(j) {
                j += 1;
            }
            offer(NUM_INT, Ok(j));
            if matches!(at(j), Some('u' | 'U')) {
                offer(NUM_UINT, Ok(j + 1));
            }
        }
    }
    if first == '.' && digit(i + 1) {
        let frac = digits(i + 1);
        offer(NUM_FLOAT, Ok(exponent(frac).unwrap_or(frac)));
    }
    let letter = |ch: char| ch.is_ascii_alphabetic() || ch == '_';
    if letter(first) {
        let mut j = i + 1;
        while at(j).is_some_and(|ch| letter(ch) || ch.is_ascii_digit()) {
            j += 1;
        }
        offer(IDENTIFIER, Ok(j));
    }
    if first == '`' {
        let mut j = i + 1;
        while at(j).is_some_and(|ch| ch.is_ascii_alphanumeric() || "_.-/ ".contains(ch)) {
            j += 1;
        }
        offer(
            ESC_IDENTIFIER,
            if j > i + 1 && at(j) == Some('`') {
                Ok(j + 1)
            } else {
                Err(j)
            },
        );
    }
    // Strings, raw (`r`), bytes (`b`) and raw bytes (`br`).
    let mut quote_at = i;
    let mut kind = STRING;
    if matches!(first, 'b' | 'B') {
        kind = BYTES;
        quote_at += 1;
    }
    let raw = matches!(at(quote_at), Some('r' | 'R'));
    if raw {
        quote_at += 1;
    }
    if matches!(at(quote_at), Some('"' | '\'')) {
        for result in string_token(c, quote_at, raw) {
            offer(kind, result);
        }
    }
    match best {
        Some(found) => Ok(found),
        None => Err(dead),
    }
}

/// The single- and triple-quoted readings of the string whose quote is
/// at `q`: where each ends, or where it dies.
fn string_token(c: &[char], q: usize, raw: bool) -> [Result<usize, usize>; 2] {
    let quote = c[q];
    let at = |j: usize| c.get(j).copied();
    // An escape at `j` (a backslash): the end of the sequence or where it
    // dies (`ESC_SEQ`).
    let escape = |j: usize| -> Result<usize, usize> {
        let hex = |k: usize| at(k).is_some_and(|ch| ch.is_ascii_hexdigit());
        let run = |from: usize, n: usize, ok: &dyn Fn(usize) -> bool| {
            (from..from + n).find(|&k| !ok(k)).map_or(Ok(from + n), Err)
        };
        match at(j + 1) {
            Some('a' | 'b' | 'f' | 'n' | 'r' | 't' | 'v' | '"' | '\'' | '\\' | '?' | '`') => {
                Ok(j + 2)
            }
            Some('0'..='3') => run(j + 2, 2, &|k| matches!(at(k), Some('0'..='7'))),
            Some('x' | 'X') => run(j + 2, 2, &hex),
            Some('u') => run(j + 2, 4, &hex),
            Some('U') => run(j + 2, 8, &hex),
            _ => Err(j + 1),
        }
    };
    let single = {
        let mut j = q + 1;
        loop {
            match at(j) {
                Some(ch) if ch == quote => break Ok(j + 1),
                None | Some('\n' | '\r') => break Err(j),
                Some('\\') if !raw => match escape(j) {
                    Ok(end) => j = end,
                    Err(d) => break Err(d),
                },
                Some(_) => j += 1,
            }
        }
    };
    let tripled = at(q + 1) == Some(quote) && at(q + 2) == Some(quote);
    let triple = if !tripled {
        Err(if at(q + 1) == Some(quote) {
            q + 2
        } else {
            q + 1
        })
    } else {
        let mut j = q + 3;
        loop {
            match at(j) {
                Some(ch) if ch == quote && at(j + 1) == Some(quote) && at(j + 2) == Some(quote) => {
                    break Ok(j + 3);
                }
                None => break Err(j),
                Some('\\') if !raw => match escape(j) {
                    Ok(end) => j = end,
                    Err(d) => break Err(d),
                },
                Some(_) => j += 1,
            }
        }
    };
    [single, triple]
}

// ----- parsing -----

/// What ends a rule early (`RecognitionException`).
enum Recognition {
    /// `InputMisMatchException`: the offending token (an index into the
    /// parser's tokens) and the tokens expected there.
    Mismatch { offending: usize, expected: Set },
    /// `NoViableAltException`, from the token at `start` to the one at
    /// `offending`.
    NoViable { start: usize, offending: usize },
}

/// What stops a rule: a recognition error, which the rule reports and
/// recovers from, or the end of the parse (cel-go's recovery, lookahead
/// and recursion limits, or too many errors: their messages are in).
enum Stop {
    Error(Recognition),
    Abandon,
}

impl From<Recognition> for Stop {
    fn from(r: Recognition) -> Stop {
        Stop::Error(r)
    }
}

type Step = Result<(), Stop>;

// cel-go's parser limits, its defaults (`NewParser`), which Kubernetes
// keeps; and the bracket nesting past which the engine does not check.
const ERROR_RECOVERY_LIMIT: usize = 30;
const LOOKAHEAD_LIMIT: usize = 256;
const RECURSION_LIMIT: usize = 250;
const ERROR_REPORTING_LIMIT: usize = 100;
const MAX_NESTING: usize = 64;
/// cel-go's `expressionSizeCodePointLimit`, its default.
const EXPRESSION_SIZE_LIMIT: usize = 100_000;

/// The kind of state a `Sync` is at, which decides what it does when the
/// next token does not fit.
#[derive(Clone, Copy, PartialEq)]
enum SyncKind {
    /// A block's start or a `*` loop's entry: single token deletion, else
    /// a mismatch.
    Block,
    /// A `+` or `*` loop's back edge: the token is unwanted, and tokens
    /// are skipped to what may follow.
    LoopBack,
}

// The rules, by their index in the grammar (`CELParserRULE_…`).
const EXPR: usize = 1;
const CONDITIONAL_OR: usize = 2;
const CONDITIONAL_AND: usize = 3;
const RELATION: usize = 4;
const CALC: usize = 5;
const UNARY: usize = 6;
const MEMBER: usize = 7;
const PRIMARY: usize = 8;
const EXPR_LIST: usize = 9;
const LIST_INIT: usize = 10;
const FIELD_INITIALIZER_LIST: usize = 11;
const OPT_FIELD: usize = 12;
const MAP_INITIALIZER_LIST: usize = 13;
const ESCAPE_IDENT: usize = 14;
const OPT_EXPR: usize = 15;
const LITERAL: usize = 16;

struct Parser<'a> {
    chars: &'a [char],
    all: Vec<Token>,
    /// The default channel's tokens (indexes into `all`), EOF last.
    tokens: Vec<usize>,
    at: usize,
    /// The current ATN state (`SetState`), which `Recover` remembers.
    state: u16,
    /// For each rule being parsed below the start rule, what may follow
    /// its invocation (`NextTokens` of the invoking transition's follow
    /// state).
    follows: Vec<Set>,
    /// Rules being parsed, by kind, for cel-go's recursion limit.
    depth: [usize; 17],
    recovering: bool,
    last_error_index: Option<usize>,
    last_error_states: Vec<u16>,
    recovery_attempts: usize,
    /// Tokens consumed by the current `Recover` or `RecoverInline`
    /// (`lookaheadConsumer`).
    lookahead: Option<usize>,
    reports: usize,
    errors: Vec<(Option<usize>, String)>,
    /// The visitor's errors (macros, reserved words), which cel-go reports
    /// after a parse without syntax errors (the engine does not model
    /// them on the trees ANTLR's recovery builds).
    visited: Vec<(usize, String)>,
    /// The furthest token the parser looked at: the lexer, which runs as
    /// the parser asks, reported the errors before it and no others.
    fetched: std::cell::Cell<usize>,
}

/// cel-go's syntax errors for `src` (`ERROR: <input>:…`, sorted by place
/// as `Errors.ToDisplayString` prints them), or `None` when it parses.
pub(crate) fn errors(src: &str) -> Option<String> {
    let chars: Vec<char> = src.chars().collect();
    if chars.len() > EXPRESSION_SIZE_LIMIT {
        return Some(format!(
            "ERROR: <input>:-1:0: expression code point size exceeds limit: size: {}, limit {EXPRESSION_SIZE_LIMIT}",
            chars.len()
        ));
    }
    let mut errors = Vec::new();
    let all = lex(&chars, &mut errors);
    let tokens: Vec<usize> = (0..all.len()).filter(|&i| !all[i].hidden).collect();
    // The parse recurses once per bracket level (eight rules deep): a
    // rule nested deeper than any written by hand is left unchecked
    // rather than risk the stack (the page's is small).
    let mut level = 0usize;
    for &i in &tokens {
        match all[i].kind {
            LPAREN | LBRACKET | LBRACE => level += 1,
            RPAREN | RBRACKET | RBRACE => level = level.saturating_sub(1),
            _ => {}
        }
        if level > MAX_NESTING {
            return None;
        }
    }
    let mut parser = Parser {
        chars: &chars,
        all,
        tokens,
        at: 0,
        state: 0,
        follows: Vec::new(),
        depth: [0; 17],
        recovering: false,
        last_error_index: None,
        last_error_states: Vec::new(),
        recovery_attempts: 0,
        lookahead: None,
        reports: errors.len(),
        errors,
        fetched: std::cell::Cell::new(0),
        visited: Vec::new(),
    };
    parser.start();
    let lexed = parser.all[parser.fetched.get()].end;
    let mut errors = parser.errors;
    if errors.is_empty() {
        errors = parser
            .visited
            .into_iter()
            .map(|(at, m)| ((at != usize::MAX).then_some(at), m))
            .collect();
    }
    // A parse abandoned early never lexed the rest.
    errors.retain(|(at, message)| {
        !(message.starts_with("Syntax error: token recognition") && at.is_some_and(|a| a >= lexed))
    });
    if errors.is_empty() {
        return None;
    }
    // `sort.SliceStable` by line, then column: by place, the unplaced
    // (`-1:0`) first.
    errors.sort_by_key(|(at, _)| at.map_or(0, |a| a + 1));
    let lines: Vec<String> = errors
        .iter()
        .map(|(at, message)| match at {
            // An empty text has no line to show (cel-go's column -1).
            Some(_) if src.is_empty() => format!("ERROR: <input>:1:0: {message}"),
            Some(at) => display(src, *at, message),
            None => format!("ERROR: <input>:-1:0: {message}"),
        })
        .collect();
    Some(lines.join("\n"))
}

impl Parser<'_> {
    fn token(&self, index: usize) -> Token {
        let fetched = self.tokens[index.min(self.tokens.len() - 1)];
        self.fetched.set(self.fetched.get().max(fetched));
        self.all[fetched]
    }

    /// `LA(k)`, from 1.
    fn la(&self, k: usize) -> Kind {
        self.token(self.at + k - 1).kind
    }

    /// `Consume`, counted against the lookahead limit inside a recovery.
    fn consume(&mut self) -> Step {
        if let Some(n) = self.lookahead {
            if n >= LOOKAHEAD_LIMIT {
                self.errors.push((
                    None,
                    format!("error recovery token lookahead limit exceeded: {LOOKAHEAD_LIMIT}"),
                ));
                return Err(Stop::Abandon);
            }
            self.lookahead = Some(n + 1);
        }
        if self.la(1) != EOF {
            self.at += 1;
        }
        Ok(())
    }

    // ----- reporting -----

    /// cel-go's `SyntaxError` listener, at the token `index`.
    fn notify(&mut self, index: usize, message: String) -> Step {
        let at = Some(self.token(index).start);
        if self.reports < ERROR_REPORTING_LIMIT {
            self.reports += 1;
            self.errors.push((at, format!("Syntax error: {message}")));
            Ok(())
        } else {
            self.errors.push((
                at,
                format!("Syntax error: More than {ERROR_REPORTING_LIMIT} syntax errors"),
            ));
            Err(Stop::Abandon)
        }
    }

    /// `GetTokenErrorDisplay`.
    fn shown(&self, index: usize) -> String {
        let token = self.token(index);
        if token.kind == EOF {
            return escape_ws_and_quote("<EOF>");
        }
        escape_ws_and_quote(
            &self.chars[token.start..token.end]
                .iter()
                .collect::<String>(),
        )
    }

    /// `getExpectedTokens` at a state whose own next tokens are `next`:
    /// through the rules being parsed while they may end, then EOF.
    fn expected(&self, next: Set) -> Set {
        let mut kinds = next.kinds;
        let mut following = next;
        for follow in self.follows.iter().rev() {
            if !following.ends {
                break;
            }
            following = *follow;
            kinds |= follow.kinds;
        }
        if following.ends {
            kinds |= 1 << EOF;
        }
        Set { kinds, ends: false }
    }

    /// `GetErrorRecoverySet`: what may follow each rule being parsed.
    fn recovery_set(&self) -> Set {
        let kinds = self.follows.iter().fold(0, |k, f| k | f.kinds);
        Set { kinds, ends: false }
    }

    fn end_error_condition(&mut self) {
        self.recovering = false;
        self.last_error_states.clear();
        self.last_error_index = None;
    }

    fn report_error(&mut self, error: &Recognition) -> Step {
        if self.recovering {
            return Ok(());
        }
        self.recovering = true;
        match *error {
            Recognition::Mismatch {
                offending,
                expected,
            } => {
                let message = format!(
                    "mismatched input {} expecting {}",
                    self.shown(offending),
                    expected.verbose()
                );
                self.notify(offending, message)
            }
            Recognition::NoViable { start, offending } => {
                let text = if self.token(start).kind == EOF {
                    "<EOF>".to_string()
                } else {
                    // The tokens' texts, hidden ones too (not what the lexer
                    // skipped); EOF has none.
                    let (from, to) = (
                        self.tokens[start],
                        self.tokens[offending.min(self.tokens.len() - 1)],
                    );
                    self.all[from..=to]
                        .iter()
                        .flat_map(|t| &self.chars[t.start..t.end])
                        .collect()
                };
                let message = reserved_word_hack(format!(
                    "no viable alternative at input {}",
                    escape_ws_and_quote(&text)
                ));
                self.notify(offending, message)
            }
        }
    }

    fn report_unwanted(&mut self, next: Set) -> Step {
        if self.recovering {
            return Ok(());
        }
        self.recovering = true;
        let message = format!(
            "extraneous input {} expecting {}",
            self.shown(self.at),
            self.expected(next).verbose()
        );
        self.notify(self.at, message)
    }

    fn report_missing(&mut self, next: Set) -> Step {
        if self.recovering {
            return Ok(());
        }
        self.recovering = true;
        let message = format!(
            "missing {} at {}",
            self.expected(next).verbose(),
            self.shown(self.at)
        );
        self.notify(self.at, message)
    }

    // ----- recovering (`DefaultErrorStrategy`, `recoveryLimitErrorStrategy`) -----

    fn check_attempts(&mut self) -> Step {
        if self.recovery_attempts == ERROR_RECOVERY_LIMIT {
            self.recovery_attempts += 1;
            let message = format!("error recovery attempt limit exceeded: {ERROR_RECOVERY_LIMIT}");
            self.notify(self.at, message)?;
            return Err(Stop::Abandon);
        }
        self.recovery_attempts += 1;
        Ok(())
    }

    fn recover(&mut self) -> Step {
        self.check_attempts()?;
        self.lookahead = Some(0);
        let result = (|| {
            if self.last_error_index == Some(self.at)
                && self.last_error_states.contains(&self.state)
            {
                self.consume()?;
            }
            self.last_error_index = Some(self.at);
            self.last_error_states.push(self.state);
            self.consume_until(self.recovery_set())
        })();
        self.lookahead = None;
        result
    }

    fn consume_until(&mut self, set: Set) -> Step {
        while self.la(1) != EOF && !set.has(self.la(1)) {
            self.consume()?;
        }
        Ok(())
    }

    /// `SingleTokenDeletion` at a state whose next tokens are `next`.
    fn single_token_deletion(&mut self, next: Set) -> Result<bool, Stop> {
        if !self.expected(next).has(self.la(2)) {
            return Ok(false);
        }
        self.report_unwanted(next)?;
        self.consume()?;
        self.end_error_condition();
        Ok(true)
    }

    /// `Match`: the token `kind`, else `RecoverInline` (`after`: the next
    /// tokens of the state the token leads to).
    fn expect(&mut self, state: u16, kind: Kind, after: Set) -> Step {
        self.state = state;
        if self.la(1) == kind {
            self.end_error_condition();
            return self.consume();
        }
        self.check_attempts()?;
        self.lookahead = Some(0);
        let result = self.recover_inline(set(&[kind]), after);
        self.lookahead = None;
        result
    }

    fn recover_inline(&mut self, next: Set, after: Set) -> Step {
        if self.single_token_deletion(next)? {
            return self.consume();
        }
        if self.expected(after).has(self.la(1)) {
            return self.report_missing(next);
        }
        Err(Recognition::Mismatch {
            offending: self.at,
            expected: self.expected(next),
        }
        .into())
    }

    /// `Sync` at `state`, whose next tokens are `next`.
    fn sync(&mut self, state: u16, next: Set, kind: SyncKind) -> Step {
        self.state = state;
        if self.recovering || next.ends || next.has(self.la(1)) {
            return Ok(());
        }
        match kind {
            SyncKind::Block => {
                if self.single_token_deletion(next)? {
                    return Ok(());
                }
                Err(Recognition::Mismatch {
                    offending: self.at,
                    expected: self.expected(next),
                }
                .into())
            }
            SyncKind::LoopBack => {
                self.report_unwanted(next)?;
                let mut until = self.expected(next);
                until.kinds |= self.recovery_set().kinds;
                self.consume_until(until)
            }
        }
    }

    /// A rule invoked at `state`, followed by `follow`: entered (cel-go's
    /// recursion limit), parsed, and on an error reported and recovered
    /// from, as the generated rule's `errorExit` does (what it built is
    /// then dropped: the visitor's checks run only on a clean parse).
    fn invoke<T: Default>(
        &mut self,
        state: u16,
        follow: Set,
        rule: usize,
        body: impl FnOnce(&mut Self) -> Result<T, Stop>,
    ) -> Result<T, Stop> {
        self.state = state;
        let depth = self.depth[rule];
        self.enter(rule)?;
        self.follows.push(follow);
        let outcome = self.finish(body);
        self.follows.pop();
        self.depth[rule] = depth;
        self.state = state;
        outcome
    }

    fn finish<T: Default>(
        &mut self,
        body: impl FnOnce(&mut Self) -> Result<T, Stop>,
    ) -> Result<T, Stop> {
        match body(self) {
            Err(Stop::Error(error)) => {
                self.report_error(&error)?;
                self.recover()?;
                Ok(T::default())
            }
            other => other,
        }
    }

    /// `EnterEveryRule` of cel-go's `recursionListener`.
    fn enter(&mut self, rule: usize) -> Step {
        self.depth[rule] += 1;
        if self.depth[rule] > RECURSION_LIMIT {
            self.errors.push((
                None,
                format!("expression recursion limit exceeded: {RECURSION_LIMIT}"),
            ));
            return Err(Stop::Abandon);
        }
        Ok(())
    }

    fn no_viable(&self, ahead: usize) -> Stop {
        Recognition::NoViable {
            start: self.at,
            offending: self.at + ahead,
        }
        .into()
    }

    // ----- the rules (`cel_parser.go`) -----

    fn start(&mut self) {
        let _ = self.finish(|p| {
            let root = p.invoke(34, set(&[EOF]), EXPR, Self::expr)?;
            p.expect(35, EOF, END)?;
            if root.depth > RECURSION_LIMIT {
                // The visitor's limit ends the visit: this is the one error.
                p.visited = vec![(usize::MAX, "max recursion depth exceeded".to_string())];
            }
            Ok(())
        });
    }

    fn expr(&mut self) -> Built {
        let condition = self.invoke(
            37,
            set(&[QUESTIONMARK]).or_end(),
            CONDITIONAL_OR,
            Self::conditional_or,
        )?;
        self.state = 43;
        if self.la(1) != QUESTIONMARK {
            return Ok(condition);
        }
        let at = self.here();
        self.expect(38, QUESTIONMARK, EXPR_START)?;
        let then = self.invoke(39, set(&[COLON]), CONDITIONAL_OR, Self::conditional_or)?;
        self.expect(40, COLON, EXPR_START)?;
        let otherwise = self.invoke(41, END, EXPR, Self::expr)?;
        Ok(Node::counted(
            at,
            condition.depth.max(then.depth).max(otherwise.depth),
        ))
    }

    fn conditional_or(&mut self) -> Built {
        let follow = set(&[LOGICAL_OR]).or_end();
        let first = self.invoke(45, follow, CONDITIONAL_AND, Self::conditional_and)?;
        self.state = 50;
        let (mut operators, mut depth) = (Vec::new(), first.depth);
        while self.la(1) == LOGICAL_OR {
            operators.push(self.here());
            self.expect(46, LOGICAL_OR, EXPR_START)?;
            depth = depth.max(
                self.invoke(47, follow, CONDITIONAL_AND, Self::conditional_and)?
                    .depth,
            );
            self.state = 52;
        }
        Ok(balanced(first, &operators, depth))
    }

    fn conditional_and(&mut self) -> Built {
        let follow = set(&[LOGICAL_AND]).or_end();
        let first = self.invoke(53, follow, RELATION, |p| p.relation(0))?;
        self.state = 58;
        let (mut operators, mut depth) = (Vec::new(), first.depth);
        while self.la(1) == LOGICAL_AND {
            operators.push(self.here());
            self.expect(54, LOGICAL_AND, EXPR_START)?;
            depth = depth.max(self.invoke(55, follow, RELATION, |p| p.relation(0))?.depth);
            self.state = 60;
        }
        Ok(balanced(first, &operators, depth))
    }

    fn relation(&mut self, precedence: usize) -> Built {
        let follow = RELOPS.or_end();
        let mut node = self.invoke(62, follow, CALC, |p| p.calc(0))?;
        self.state = 69;
        // Decision 3: another relational operator, while the precedence
        // lets this level take it.
        while RELOPS.has(self.la(1)) && precedence <= 1 {
            let at = self.here();
            self.expect(65, self.la(1), EXPR_START)?;
            let right = self.invoke(66, follow, RELATION, |p| p.relation(2))?;
            node = Node::counted(at, node.depth.max(right.depth));
            self.state = 71;
        }
        Ok(node)
    }

    fn calc(&mut self, precedence: usize) -> Built {
        let follow = MULOPS.or(ADDOPS).or_end();
        let mut node = self.invoke(73, follow, UNARY, Self::unary)?;
        self.state = 83;
        // Decision 5, then 4: `*`, `/` and `%` bind tighter than `+` and
        // `-`, and both associate to the left.
        loop {
            let (state, next) = if MULOPS.has(self.la(1)) && precedence <= 2 {
                (76, 3)
            } else if ADDOPS.has(self.la(1)) && precedence <= 1 {
                (79, 2)
            } else {
                break;
            };
            self.state = 81;
            let at = self.here();
            self.expect(state, self.la(1), EXPR_START)?;
            let right = self.invoke(state + 1, follow, CALC, |p| p.calc(next))?;
            node = Node::counted(at, node.depth.max(right.depth));
            self.state = 85;
        }
        Ok(node)
    }

    fn unary(&mut self) -> Built {
        self.sync(99, EXPR_START, SyncKind::Block)?;
        // Decision 8: a member (a literal `-1` is one), `!`s, or `-`s.
        let (la1, la2) = (self.la(1), self.la(2));
        let member_start = EXPR_START.kinds & !(1 << EXCLAM);
        let member = |k: Kind| member_start & (1 << k) != 0;
        let alt = match la1 {
            EXCLAM => 2,
            MINUS if matches!(la2, NUM_INT | NUM_FLOAT) => 1,
            MINUS if member(la2) => 3,
            MINUS => return Err(self.no_viable(1)),
            k if member(k) => 1,
            _ => return Err(self.no_viable(0)),
        };
        let loop_next = Set {
            kinds: member_start,
            ends: false,
        };
        let first = self.here();
        let mut operators = 0;
        let operand = match alt {
            1 => return self.invoke(86, END, MEMBER, |p| p.member()),
            2 => {
                self.sync(88, set(&[EXCLAM]), SyncKind::Block)?;
                let next = loop_next.or(set(&[EXCLAM]));
                loop {
                    operators += 1;
                    self.expect(87, EXCLAM, next)?;
                    self.sync(90, next, SyncKind::LoopBack)?;
                    if self.la(1) != EXCLAM {
                        break;
                    }
                }
                self.invoke(92, END, MEMBER, |p| p.member())?
            }
            _ => {
                self.sync(94, set(&[MINUS]), SyncKind::Block)?;
                loop {
                    operators += 1;
                    self.expect(93, MINUS, loop_next)?;
                    self.sync(96, loop_next, SyncKind::LoopBack)?;
                    // Decision 7: another `-` (also where a literal could
                    // start: the first alternative wins), or the member.
                    match self.la(1) {
                        MINUS if member(self.la(2)) => continue,
                        MINUS => return Err(self.no_viable(1)),
                        k if member(k) => break,
                        _ => return Err(self.no_viable(0)),
                    }
                }
                self.invoke(98, END, MEMBER, |p| p.member())?
            }
        };
        // An even number of `!` or `-` cancels out (`VisitLogicalNot`).
        Ok(if operators % 2 == 0 {
            operand
        } else {
            Node::holding(first, operand.depth)
        })
    }

    fn member(&mut self) -> Built {
        let follow = set(&[DOT, LBRACKET]).or_end();
        let mut node = self.invoke(102, follow, PRIMARY, Self::primary)?;
        self.state = 128;
        // Decision 13, then 12: a selection, a method call or an index.
        while matches!(self.la(1), DOT | LBRACKET) {
            self.state = 126;
            let alt = match (self.la(1), self.la(2), self.la(3)) {
                (LBRACKET, ..) => 3,
                (_, QUESTIONMARK | ESC_IDENTIFIER, _) => 1,
                (_, IDENTIFIER, LPAREN) => 2,
                (_, IDENTIFIER, _) => 1,
                _ => return Err(self.no_viable(1)),
            };
            let at = self.here();
            let field = set(&[QUESTIONMARK, IDENTIFIER, ESC_IDENTIFIER]);
            match alt {
                1 => {
                    self.expect(105, DOT, field)?;
                    self.sync(107, field, SyncKind::Block)?;
                    let optional = self.la(1) == QUESTIONMARK;
                    if optional {
                        self.expect(106, QUESTIONMARK, set(&[IDENTIFIER, ESC_IDENTIFIER]))?;
                    }
                    if self.la(1) == ESC_IDENTIFIER {
                        // Kubernetes' environment leaves cel-go's escaped
                        // names off (`normalizeIdent`).
                        self.visit(self.here(), "unsupported syntax: '`'".to_string());
                    }
                    self.invoke(109, follow, ESCAPE_IDENT, Self::escape_ident)?;
                    node = Node {
                        kind: if optional {
                            NodeKind::Other
                        } else {
                            NodeKind::Select
                        },
                        ..Node::counted(at, node.depth)
                    };
                }
                2 => {
                    self.expect(111, DOT, set(&[IDENTIFIER]))?;
                    let name = self.text(self.at);
                    self.expect(112, IDENTIFIER, set(&[LPAREN]))?;
                    let paren = self.here();
                    let args = self.arguments(113, follow)?;
                    self.method_macro(&node, &name, &args);
                    node = Node::counted(paren, deepest(&args).max(node.depth));
                }
                _ => {
                    let index = EXPR_START.or(set(&[QUESTIONMARK]));
                    self.expect(119, LBRACKET, index)?;
                    self.sync(121, index, SyncKind::Block)?;
                    if self.la(1) == QUESTIONMARK {
                        self.expect(120, QUESTIONMARK, EXPR_START)?;
                    }
                    let index = self.invoke(123, set(&[RBRACKET]), EXPR, Self::expr)?;
                    self.expect(124, RBRACKET, follow)?;
                    node = Node::counted(at, node.depth.max(index.depth));
                }
            }
            self.state = 130;
        }
        Ok(node)
    }

    /// `'(' exprList? ')'` of a call, its `(` at `state` (a method call's
    /// 113, a global call's 139), followed by `after`.
    fn arguments(&mut self, state: u16, after: Set) -> Result<Vec<Node>, Stop> {
        let next = EXPR_START.or(set(&[RPAREN]));
        self.expect(state, LPAREN, next)?;
        self.sync(state + 2, next, SyncKind::Block)?;
        let mut args = Vec::new();
        if EXPR_START.has(self.la(1)) {
            args = self.invoke(state + 1, set(&[RPAREN]), EXPR_LIST, Self::expr_list)?;
        }
        self.expect(state + 4, RPAREN, after)?;
        Ok(args)
    }

    fn primary(&mut self) -> Built {
        self.sync(184, PRIMARY_START, SyncKind::Block)?;
        let lead = usize::from(self.la(1) == DOT);
        if lead == 1 && self.la(2) != IDENTIFIER {
            return Err(self.no_viable(1));
        }
        let start = self.here();
        let dotted = set(&[DOT, IDENTIFIER]);
        if self.la(1 + lead) == IDENTIFIER {
            let name = self.text(self.at + lead);
            // cel-go's `reservedIds`: the grammar's reserved words.
            let reserved = crate::crd::CEL_RESERVED.contains(&name.as_str());
            // Decision 25 among an identifier, a global call and a
            // message: `a(`, `a.b.c{`, else the identifier.
            if self.la(2 + lead) == LPAREN {
                self.sync(136, dotted, SyncKind::Block)?;
                if lead == 1 {
                    self.expect(135, DOT, set(&[IDENTIFIER]))?;
                }
                self.expect(138, IDENTIFIER, set(&[LPAREN]))?;
                let paren = self.here();
                let visited = self.visited.len();
                let args = self.arguments(139, END)?;
                if reserved {
                    // `VisitGlobalCall` stops there: its arguments are not
                    // visited.
                    self.visited.truncate(visited);
                    self.visit(start, format!("reserved identifier: {name}"));
                } else if name == "has"
                    && lead == 0
                    && args.len() == 1
                    && !matches!(args[0].kind, NodeKind::Select)
                {
                    self.visit(args[0].at, "invalid argument to has() macro".to_string());
                }
                return Ok(Node::holding(paren, deepest(&args)));
            }
            let mut j = 2 + lead;
            while self.la(j) == DOT && self.la(j + 1) == IDENTIFIER {
                j += 2;
            }
            if self.la(j) != LBRACE {
                self.sync(132, dotted, SyncKind::Block)?;
                if lead == 1 {
                    self.expect(131, DOT, set(&[IDENTIFIER]))?;
                }
                let at = self.here();
                self.expect(134, IDENTIFIER, END)?;
                if reserved {
                    self.visit(start, format!("reserved identifier: {name}"));
                    return Ok(Node::other(start));
                }
                let name = if lead == 1 { format!(".{name}") } else { name };
                return Ok(Node {
                    kind: NodeKind::Ident(name),
                    ..Node::other(at)
                });
            }
            self.sync(165, dotted, SyncKind::Block)?;
            if lead == 1 {
                self.expect(164, DOT, set(&[IDENTIFIER]))?;
            }
            let name = set(&[DOT, LBRACE]);
            self.expect(167, IDENTIFIER, name)?;
            self.sync(172, name, SyncKind::Block)?;
            while self.la(1) == DOT {
                self.expect(168, DOT, set(&[IDENTIFIER]))?;
                self.expect(169, IDENTIFIER, name)?;
                self.sync(174, name, SyncKind::LoopBack)?;
            }
            let brace = self.here();
            let depth = self.initializer(
                175,
                FIELD_START,
                FIELD_INITIALIZER_LIST,
                Self::field_initializer_list,
            )?;
            return Ok(Node::holding(brace, depth));
        }
        match self.la(1) {
            LPAREN => {
                self.expect(144, LPAREN, EXPR_START)?;
                let inner = self.invoke(145, set(&[RPAREN]), EXPR, Self::expr)?;
                self.expect(146, RPAREN, END)?;
                Ok(inner)
            }
            LBRACKET => {
                let elements = OPT_EXPR_START.or(set(&[COMMA, RBRACKET]));
                self.expect(148, LBRACKET, elements)?;
                self.sync(150, elements, SyncKind::Block)?;
                let mut depth = 0;
                if OPT_EXPR_START.has(self.la(1)) {
                    depth =
                        self.invoke(149, set(&[COMMA, RBRACKET]), LIST_INIT, Self::list_init)?;
                }
                let close = set(&[COMMA, RBRACKET]);
                self.sync(153, close, SyncKind::Block)?;
                if self.la(1) == COMMA {
                    self.expect(152, COMMA, set(&[RBRACKET]))?;
                }
                self.expect(155, RBRACKET, END)?;
                Ok(Node::holding(start, depth))
            }
            LBRACE => {
                let depth = self.initializer(
                    156,
                    OPT_EXPR_START,
                    MAP_INITIALIZER_LIST,
                    Self::map_initializer_list,
                )?;
                Ok(Node::holding(start, depth))
            }
            MINUS if !matches!(self.la(2), NUM_INT | NUM_FLOAT) => Err(self.no_viable(1)),
            k if LITERAL_START.has(k) => {
                self.invoke(183, END, LITERAL, Self::literal)?;
                Ok(Node::other(start))
            }
            _ => Err(self.no_viable(0)),
        }
    }

    /// `'{' entries? ','? '}'` of a map (its `{` at 156) or a message (at
    /// 175), whose entries start with `first`.
    fn initializer(
        &mut self,
        state: u16,
        first: Set,
        rule: usize,
        entries: fn(&mut Self) -> Result<usize, Stop>,
    ) -> Result<usize, Stop> {
        let close = set(&[COMMA, RBRACE]);
        let inside = first.or(close);
        self.expect(state, LBRACE, inside)?;
        self.sync(state + 2, inside, SyncKind::Block)?;
        let mut depth = 0;
        if first.has(self.la(1)) {
            depth = self.invoke(state + 1, close, rule, entries)?;
        }
        self.sync(state + 5, close, SyncKind::Block)?;
        if self.la(1) == COMMA {
            self.expect(state + 4, COMMA, set(&[RBRACE]))?;
        }
        self.expect(state + 7, RBRACE, END)?;
        Ok(depth)
    }

    fn expr_list(&mut self) -> Result<Vec<Node>, Stop> {
        let follow = set(&[COMMA]).or_end();
        let mut args = vec![self.invoke(186, follow, EXPR, Self::expr)?];
        self.state = 191;
        while self.la(1) == COMMA {
            self.expect(187, COMMA, EXPR_START)?;
            args.push(self.invoke(188, follow, EXPR, Self::expr)?);
            self.state = 193;
        }
        Ok(args)
    }

    fn list_init(&mut self) -> Result<usize, Stop> {
        let follow = set(&[COMMA]).or_end();
        let mut depth = self.invoke(194, follow, OPT_EXPR, Self::opt_expr)?.depth;
        self.state = 199;
        // Decision 27: a trailing comma ends the list.
        while self.la(1) == COMMA && OPT_EXPR_START.has(self.la(2)) {
            self.expect(195, COMMA, OPT_EXPR_START)?;
            depth = depth.max(self.invoke(196, follow, OPT_EXPR, Self::opt_expr)?.depth);
            self.state = 201;
        }
        Ok(depth)
    }

    fn field_initializer_list(&mut self) -> Result<usize, Stop> {
        self.entries(202, FIELD_START, OPT_FIELD, |p| {
            p.opt_field().map(|()| Node::default())
        })
    }

    fn map_initializer_list(&mut self) -> Result<usize, Stop> {
        self.entries(220, OPT_EXPR_START, OPT_EXPR, Self::opt_expr)
    }

    /// `key ':' expr (',' key ':' expr)*` from `state` (a message's 202, a
    /// map's 220), its keys starting with `first` (decisions 28 and 30).
    fn entries(
        &mut self,
        state: u16,
        first: Set,
        rule: usize,
        key: fn(&mut Self) -> Built,
    ) -> Result<usize, Stop> {
        let follow = set(&[COMMA]).or_end();
        let mut depth = self.invoke(state, set(&[COLON]), rule, key)?.depth;
        self.expect(state + 1, COLON, EXPR_START)?;
        depth = depth.max(self.invoke(state + 2, follow, EXPR, Self::expr)?.depth);
        self.state = state + 10;
        while self.la(1) == COMMA && first.has(self.la(2)) {
            self.expect(state + 3, COMMA, first)?;
            depth = depth.max(self.invoke(state + 4, set(&[COLON]), rule, key)?.depth);
            self.expect(state + 5, COLON, EXPR_START)?;
            depth = depth.max(self.invoke(state + 6, follow, EXPR, Self::expr)?.depth);
            self.state = state + 12;
        }
        Ok(depth)
    }

    fn opt_field(&mut self) -> Step {
        self.sync(216, FIELD_START, SyncKind::Block)?;
        if self.la(1) == QUESTIONMARK {
            self.expect(215, QUESTIONMARK, set(&[IDENTIFIER, ESC_IDENTIFIER]))?;
        }
        self.invoke(218, END, ESCAPE_IDENT, Self::escape_ident)
    }

    fn escape_ident(&mut self) -> Step {
        self.sync(235, set(&[IDENTIFIER, ESC_IDENTIFIER]), SyncKind::Block)?;
        match self.la(1) {
            IDENTIFIER => self.expect(233, IDENTIFIER, END),
            ESC_IDENTIFIER => self.expect(234, ESC_IDENTIFIER, END),
            _ => Err(self.no_viable(0)),
        }
    }

    fn opt_expr(&mut self) -> Built {
        self.sync(238, OPT_EXPR_START, SyncKind::Block)?;
        if self.la(1) == QUESTIONMARK {
            self.expect(237, QUESTIONMARK, EXPR_START)?;
        }
        self.invoke(240, END, EXPR, Self::expr)
    }

    fn literal(&mut self) -> Step {
        self.sync(256, LITERAL_START, SyncKind::Block)?;
        // Decision 35.
        let number = match (self.la(1), self.la(2)) {
            (MINUS, NUM_INT) | (NUM_INT, _) => Some((243, NUM_INT)),
            (MINUS, NUM_FLOAT) | (NUM_FLOAT, _) => Some((248, NUM_FLOAT)),
            (MINUS, _) => return Err(self.no_viable(1)),
            _ => None,
        };
        if let Some((state, kind)) = number {
            let signed = set(&[MINUS, kind]);
            self.sync(state, signed, SyncKind::Block)?;
            if self.la(1) == MINUS {
                self.expect(state - 1, MINUS, set(&[kind]))?;
            }
            return self.expect(state + 2, kind, END);
        }
        let state = match self.la(1) {
            NUM_UINT => 246,
            STRING => 251,
            BYTES => 252,
            CEL_TRUE => 253,
            CEL_FALSE => 254,
            NUL => 255,
            _ => return Err(self.no_viable(0)),
        };
        self.expect(state, self.la(1), END)
    }

    // ----- the visitor's checks (`parser.go`'s `Visit…`, the macros) -----

    /// Where the current token starts.
    fn here(&self) -> usize {
        self.token(self.at).start
    }

    fn text(&self, index: usize) -> String {
        let token = self.token(index);
        self.chars[token.start..token.end].iter().collect()
    }

    fn visit(&mut self, at: usize, message: String) {
        self.visited.push((at, message));
    }

    /// A method call's macro (`receiverCallOrMacro`): its variables must be
    /// names (Kubernetes' environment: the standard macros, cel-go's
    /// two-variable comprehensions, `cel.bind`, `optMap`, `optFlatMap`).
    fn method_macro(&mut self, target: &Node, name: &str, args: &[Node]) {
        let ident = |n: &Node| match &n.kind {
            NodeKind::Ident(name) => Some(name.clone()),
            _ => None,
        };
        let accumulator = |v: &str| v == "__result__";
        let one = |p: &mut Self, message: &str| match ident(&args[0]) {
            None => p.visit(args[0].at, message.to_string()),
            Some(v) if accumulator(&v) => p.visit(
                args[0].at,
                "iteration variable overwrites accumulator variable".to_string(),
            ),
            Some(_) => {}
        };
        match (name, args.len()) {
            ("all" | "exists" | "exists_one" | "existsOne", 2) => {
                one(self, "argument must be a simple name")
            }
            ("map", 2 | 3) | ("filter", 2) => one(self, "argument is not an identifier"),
            ("optMap" | "optFlatMap", 2) if ident(&args[0]).is_none() => {
                self.visit(
                    args[0].at,
                    format!("{name}() variable name must be a simple identifier"),
                );
            }
            ("bind", 3)
                if matches!(&target.kind, NodeKind::Ident(n) if n == "cel")
                    && ident(&args[0]).is_none() =>
            {
                self.visit(
                    args[0].at,
                    "cel.bind() variable names must be simple identifiers".to_string(),
                );
            }
            ("all" | "exists" | "exists_one" | "existsOne", 3)
            | ("transformList" | "transformMap" | "transformMapEntry", 3 | 4) => {
                // `extractIterVars`.
                let (Some(first), Some(second)) = (ident(&args[0]), ident(&args[1])) else {
                    let bad = if ident(&args[0]).is_none() {
                        &args[0]
                    } else {
                        &args[1]
                    };
                    self.visit(bad.at, "argument must be a simple name".to_string());
                    return;
                };
                if first == second {
                    self.visit(args[1].at, format!("duplicate variable name: {first}"));
                } else if accumulator(&first) {
                    self.visit(
                        args[0].at,
                        "iteration variable overwrites accumulator variable".to_string(),
                    );
                } else if accumulator(&second) {
                    self.visit(
                        args[1].at,
                        "iteration variable overwrites accumulator variable".to_string(),
                    );
                }
            }
            _ => {}
        }
    }
}

/// What the visitor needs of an expression: whether it is a name or a
/// selection (the macros' arguments), and where cel-go places it.
#[derive(Clone, Default)]
struct Node {
    kind: NodeKind,
    at: usize,
    /// How many of the visitor's counted nodes nest in it (a conditional,
    /// an operator, a selection, a method call, an index), for cel-go's
    /// limit of 250 (`checkAndIncrementRecursionDepth`).
    depth: usize,
}

#[derive(Clone, Default)]
enum NodeKind {
    #[default]
    Other,
    Ident(String),
    Select,
}

impl Node {
    fn other(at: usize) -> Node {
        Node {
            kind: NodeKind::Other,
            at,
            depth: 0,
        }
    }

    /// A counted node over children as deep as `inner`.
    fn counted(at: usize, inner: usize) -> Node {
        Node {
            depth: inner + 1,
            ..Node::other(at)
        }
    }

    /// An uncounted node over children as deep as `inner`.
    fn holding(at: usize, inner: usize) -> Node {
        Node {
            depth: inner,
            ..Node::other(at)
        }
    }
}

type Built = Result<Node, Stop>;

fn deepest(nodes: &[Node]) -> usize {
    nodes.iter().map(|n| n.depth).max().unwrap_or(0)
}

/// A chain of `&&` or `||`: cel-go balances it, the middle operator at
/// the root (`logicManager`).
fn balanced(first: Node, operators: &[usize], depth: usize) -> Node {
    if operators.is_empty() {
        return first;
    }
    Node::holding(operators[operators.len() / 2], depth)
}

fn escape_ws_and_quote(text: &str) -> String {
    format!(
        "'{}'",
        text.replace('\t', "\\t")
            .replace('\n', "\\n")
            .replace('\r', "\\r")
    )
}

/// cel-go keeps an old message for a keyword after a dot (`a.true`):
/// `mismatched input 'true' expecting IDENTIFIER`.
fn reserved_word_hack(message: String) -> String {
    let Some(text) = message
        .strip_prefix("no viable alternative at input '")
        .and_then(|m| m.strip_suffix('\''))
    else {
        return message;
    };
    let mut chars = text.chars();
    if chars.next().is_some() && matches!(chars.as_str(), "true" | "false" | "null") {
        return format!("mismatched input '{}' expecting IDENTIFIER", chars.as_str());
    }
    message
}

#[cfg(test)]
mod tests;
