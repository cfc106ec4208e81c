#!/usr/bin/env python3
"""Reads the case tables of structured-merge-diff's Go unit tests and
writes them as JSON, for the engine's ported tests to read.

Usage: extract.py SMD_GIT_DIR [REF] typed > crates/ssa-engine/src/typed/upstream_cases.json
       extract.py SMD_GIT_DIR [REF] fieldpath > crates/ssa-engine/src/fieldpath/upstream_cases.json

The tables are Go composite literals; this evaluates the small subset of
Go they use (literals, `_NS`/`_P`/`_KBF`/`_V` and their long names, a few
string variables and `fmt.Sprintf` schema functions). Field sets come out
as lists of paths, each path a list of FieldsV1 element keys (`f:name`,
`k:{...}`, `v:value`, `i:index`), which the Rust side parses with
`fieldpath::fields_v1::parse_element_key`.
"""
import json
import re
import subprocess
import sys

TOKEN = re.compile(r'''
    (?P<ws>\s+|//[^\n]*|/\*.*?\*/)
  | (?P<raw>`[^`]*`)
  | (?P<str>"(?:\\.|[^"\\])*")
  | (?P<num>-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)
  | (?P<id>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)
  | (?P<p>[{}()\[\],:&*=]|.)
''', re.S | re.X)


def tokens(src):
    out, i = [], 0
    while i < len(src):
        m = TOKEN.match(src, i)
        if not m:
            raise SyntaxError(src[i:i + 40])
        i = m.end()
        kind = m.lastgroup
        if kind == 'ws':
            continue
        text = m.group(kind)
        if kind == 'raw':
            out.append(('str', text[1:-1]))
        elif kind == 'str':
            out.append(('str', json.loads(text)))
        elif kind == 'num':
            out.append(('num', float(text) if re.search(r'[.eE]', text) else int(text)))
        else:
            out.append((kind, text))
    return out


class Go:
    def __init__(self, src):
        self.src = src
        self.vars = {}
        self.funcs = {}
        for m in re.finditer(r'^func (\w+)\(\w+ string\) typed\.YAMLObject \{\n\treturn typed\.YAMLObject\(fmt\.Sprintf\((`[^`]*`)((?:, \w+)*)\)\)', src, re.M):
            self.funcs[m.group(1)] = (m.group(2)[1:-1], m.group(3).count(','))

    def var(self, name):
        if name not in self.vars:
            m = re.search(r'^(?:var|const) %s = ' % re.escape(name), self.src, re.M)
            if not m:
                raise KeyError(name)
            self.t, self.i = tokens(self.src[m.end():]), 0
            self.vars[name] = self.expr()
        return self.vars[name]

    def peek(self, k=0):
        return self.t[self.i + k] if self.i + k < len(self.t) else (None, None)

    def take(self, text=None):
        tok = self.t[self.i]
        if text is not None and tok[1] != text:
            raise SyntaxError('want %r got %r at %r' % (text, tok, self.t[self.i:self.i + 8]))
        self.i += 1
        return tok

    def skip_type(self):
        """Skips a type ([]T, map[K]V, *T, interface{}, pkg.T)."""
        kind, text = self.peek()
        if text == '[':
            self.take('['); self.take(']'); self.skip_type()
        elif text == '*':
            self.take('*'); self.skip_type()
        elif text == 'map':
            self.take('map'); self.take('['); self.skip_type(); self.take(']'); self.skip_type()
        elif text == 'interface':
            self.take('interface'); self.take('{'); self.take('}')
        else:
            self.take()

    def expr(self):
        kind, text = self.peek()
        if text == '&':
            self.take()
            return self.expr()
        if text == '{':
            return self.composite()
        if text in ('[', 'map'):
            self.skip_type()
            return self.composite()
        if kind in ('str', 'num'):
            self.take()
            return text
        if kind == 'id':
            self.take()
            if text == 'nil':
                return None
            if text in ('true', 'false'):
                return text == 'true'
            nxt = self.peek()[1]
            if nxt == '(':
                return self.call(text)
            if nxt == '{' and text not in self.vars and not re.search(r'^(?:var|const) %s = ' % text, self.src, re.M):
                return self.composite()
            save = (self.t, self.i)
            v = self.var(text)
            self.t, self.i = save
            return v
        raise SyntaxError('unexpected %r' % (self.peek(),))

    def args(self):
        self.take('(')
        out = []
        while self.peek()[1] != ')':
            out.append(self.expr())
            if self.peek()[1] == ',':
                self.take()
        self.take(')')
        return out

    def call(self, name):
        if name == 'interface':  # a conversion's type
            raise SyntaxError(name)
        a = self.args()
        if name in ('_NS', 'fieldpath.NewSet'):
            return {'$set': a}
        if name in ('_P', 'fieldpath.MakePathOrDie'):
            return {'$path': [element(x) for x in a]}
        if name in ('_KBF', 'fieldpath.KeyByFields'):
            return {'$key': [[a[i], a[i + 1]] for i in range(0, len(a), 2)]}
        if name in ('_V', 'value.NewValueInterface'):
            return {'$value': a[0]}
        if name in ('typed.YAMLObject', 'string'):
            return a[0]
        if name in self.funcs:
            fmt, n = self.funcs[name]
            return fmt.replace('%s', '{}').format(*([a[0]] * n))
        raise SyntaxError('unknown call ' + name)

    def composite(self):
        self.take('{')
        items, keyed = [], {}
        while self.peek()[1] != '}':
            if self.peek()[0] == 'id' and self.peek(1)[1] == ':':
                key = self.take()[1]
                self.take(':')
                keyed[key] = self.expr()
            else:
                v = self.expr()
                if self.peek()[1] == ':':  # map literal: "key": value
                    self.take(':')
                    keyed[v] = self.expr()
                else:
                    items.append(v)
            if self.peek()[1] == ',':
                self.take()
        self.take('}')
        return keyed if keyed else items


def element(x):
    if isinstance(x, str):
        return 'f:' + x
    if isinstance(x, bool):
        raise ValueError(x)
    if isinstance(x, int):
        return 'i:%d' % x
    if '$value' in x:
        return 'v:' + json.dumps(x['$value'], separators=(',', ':'))
    if '$key' in x:
        return 'k:' + json.dumps(dict(sorted(x['$key'])), separators=(',', ':'))
    raise ValueError(x)


def sets(x):
    """Replaces {'set': [{'path': [...]}]} by lists of paths."""
    if isinstance(x, dict):
        if '$set' in x:
            return [p['$path'] for p in x['$set']]
        return {k: sets(v) for k, v in x.items()}
    if isinstance(x, list):
        return [sets(v) for v in x]
    return x


def raw_strings(src, func):
    """The backquoted strings of one Go test function, in order."""
    body = src[src.index('func %s(' % func):]
    body = body[:body.index('\n}\n')]
    return [t for k, t in tokens(body) if k == 'str' and t.startswith('{')]


def main():
    git, ref = sys.argv[1], (sys.argv[2] if len(sys.argv) > 3 else 'HEAD')
    package = sys.argv[-1]
    show = lambda f: subprocess.run(['git', '--git-dir', git, 'show', '%s:%s' % (ref, f)],
                                    check=True, capture_output=True, text=True).stdout
    commit = subprocess.run(['git', '--git-dir', git, 'rev-parse', ref], check=True,
                            capture_output=True, text=True).stdout.strip()
    out = {'commit': commit}
    if package == 'fieldpath':
        src = show('fieldpath/serialize_test.go')
        pairs = raw_strings(src, 'TestDeserializeForValidNonNormalized')
        out['golden'] = raw_strings(src, 'TestSerializeV1GoldenData')
        out['nonNormalized'] = [pairs[i:i + 2] for i in range(0, len(pairs), 2)]
        json.dump(out, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write('\n')
        return
    # toset_test.go's `_NS` etc. are shared by the package's other files.
    for f, names in [
        ('typed/toset_test.go', ['fieldsetCases']),
        ('typed/symdiff_test.go', ['symdiffCases']),
        ('typed/remove_test.go', ['removeCases', 'reversibleExtractCases', 'extractWithKeysCases']),
        ('typed/reconcile_schema_test.go', ['reconcileCases']),
    ]:
        g = Go(show(f))
        for n in names:
            out[n] = sets(g.var(n))
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write('\n')


main()
