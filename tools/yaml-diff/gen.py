#!/usr/bin/env python3
"""Writes YAML texts for tools/yaml-diff, one JSON line each on stdout:
{"category": ..., "text": ...}. The texts: every YAML 1.1 scalar form
kubectl resolves (booleans in every case, numbers in every base and
spelling, timestamps, strings with indicators), quoted and escaped
scalars, each in the contexts of a value, a list item, a flow item and
a key; block scalars with every header; anchors, aliases, merge keys,
tags; documents and separators; real manifests (and their CRLF forms);
COUNT random mutations of those manifests (a value, an item or a key
replaced, a line indented, a character inserted, deleted or replaced, a
line duplicated, removed or swapped, a comment or whitespace added); and
COUNT / 2 short texts of random YAML fragments.

Usage: gen.py SEED COUNT > in.jsonl
Standard library only."""
import itertools, json, random, sys

rnd = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
out = []
seen = set()
def add(s, cat):
    if s in seen:
        return
    seen.add(s)
    out.append((cat, s))

def cases(word):
    """All upper/lower case variants of a short word."""
    res = set()
    for bits in itertools.product([0, 1], repeat=len(word)):
        res.add(''.join(c.upper() if b else c.lower() for c, b in zip(word, bits)))
    return sorted(res)

scalars = set()
for w in ['yes', 'no', 'on', 'off', 'y', 'n', 'true', 'false', 'null', '.inf', '.nan', '+.inf', '-.inf']:
    scalars.update(cases(w))
scalars.update(['~', '', '<<', '=', 'NULL', 'Null', 'nil', 'None', 't', 'f', 'T', 'F', 'ye', 'yess'])
nums = ['0', '-0', '+0', '00', '01', '017', '08', '09', '0o17', '0O17', '0o8', '0x1F', '0X1f', '0x', '0xg', '0b101', '0B101', '0b2',
        '-0b101', '+0b101', '-0x1F', '+0x1F', '-017', '+017', '-0o17', '1_000', '1__0_', '_1', '1_', '0x_1F', '0_x1F', '0b_1', '0o_7',
        '1_000.5', '1_0e1_0', '.5', '-.5', '+.5', '5.', '-5.', '0.', '.0', '-0.0', '+0.0', '1.0', '1.00', '-1.0', '1.5', '1e3', '1E3', '1e+3',
        '1e-3', '1.5e-3', '1.5E+3', '1e', 'e3', '1.e3', '.e3', '.5e3', '0e0', '1e21', '1e20', '1e22', '1.5e300', '1e309', '-1e309', '1e-400',
        '9223372036854775807', '9223372036854775808', '-9223372036854775808', '-9223372036854775809', '18446744073709551615',
        '18446744073709551616', '0xFFFFFFFFFFFFFFFF', '0x7FFFFFFFFFFFFFFF', '0x8000000000000000', '-0x8000000000000000',
        '-0x8000000000000001', '0x10000000000000000', '123456789012345678901234567890', '0.1', '0.30000000000000004',
        '3.14159265358979323846', '1:20', '190:20:30', '1:20.5', '-1:20', '1:60', '1:2:3', '12:30', '0:0', '1_0:20', '1:20:', ':1',
        '1.2.3', '1-2', '1,000', '1 000', '0x1.8p1', '0x1p-2', '1p3', 'Infinity', 'inf', 'NaN', 'nan', '-inf', '+inf', '0777', '0999',
        '1.', '+', '-', '.', '..', '-.', '+.', '1e+', '1e-', '0b', '0o', '00x1', '007', '0.5e', '1E', '1_e3', '6e-1', '123.456e7',
        '4294967296', '2147483648', '-2147483649', '1.7976931348623157e308', '2.2250738585072014e-308', '5e-324', '1e-7', '1e-6',
        '0.000001', '0.0000001', '100000000000000000000', '1000000000000000000000', '12e', '0x1F_', '0x__1F', '+-1', '--1', '-+1',
        '3.0e2', '1.0e21', '0.5', '1/2', '1h', '10m', '100Mi', '0.5Gi', '500m', '1e3m', '1Ki', '2.5', '80', '443', '0755', '0644']
scalars.update(nums)
ts = ['2001-12-14', '2001-12-14t21:59:43.10-05:00', '2001-12-14T21:59:43.10Z', '2001-12-14 21:59:43.10', '2001-12-14 21:59:43.10 -5',
      '2001-12-15T02:59:43.1Z', '2002-12-14', '2001-02-30', '2001-2-3', '2001-13-01', '2001-12-14T21:59:43Z', '2001-12-14T21:59:43+05:30',
      '2001-12-14T25:59:43Z', '20011-12-14', '2001-12', '2001-12-14T', '2001-12-14 1:2:3', '2001-12-14t1:2:3.5+01:00', '2000-02-29',
      '1900-02-29', '2001-12-14T21:59:43,5Z', '2001-12-14T21:59:43.Z', '2024-01-01T00:00:00.000000000Z', '2024-01-01T00:00:00+24:00']
scalars.update(ts)
strs = ['a', 'abc', 'a b', 'a  b', 'a#b', 'a:b', 'http://x.y/z', 'a,b', 'a]b', 'a}b', 'a[b', 'a{b', '-a', '?a', ':a', '@a', '%a',
        '!a', '&a', '*a', 'a!', 'a&', 'a*', 'a%', 'a@', 'a`', "a'", 'a"', 'a|b', 'a>b', 'a<b', '<a', '=a', 'a=b', 'héllo', '日本語',
        '😀', 'a\\nb', 'a\\tb', 'nginx:1.25', 'app.kubernetes.io/name', 'C:\\dir', '$HOME', '${VAR}', '{{ .Values.x }}', 'a~', '~a',
        'yes!', 'no.', 'on-call', 'true1', '0xZZ', 'v1', 'apps/v1', 'Deployment', '-1a', '1a', '1.2a', 'a.1', '1-', '-', '--', '---a',
        '... a', 'a ...', '-- a', '- -', 'a -', 'a ?', 'a :', 'a -b', 'ke y']
scalars.update(strs)
scalars = sorted(scalars)

quoted = ['""', "''", '"a"', "'a'", '"yes"', "'no'", '"1"', "'1.0'", '"\\t"', '"\\x41"', '"\\u263A"', '"\\U0001F600"', '"\\N"', '"\\_"',
          '"\\L"', '"\\P"', '"\\0"', '"\\a"', '"\\b"', '"\\e"', '"\\f"', '"\\v"', '"\\/"', '"\\ "', '"\\""', '"\\\\"', '"\\q"', '"\\x4"',
          '"\\u26"', '"\\xZZ"', '"\\uD800"', '"\\uDC00"', '"\\U00110000"', '"\\r\\n"', "'it''s'", "'a\\b'", '"a\\\nb"', '"a\n b"',
          '"a\n\n b"', "'a\n b'", "'a\n\n b'", '"a \n b"', '"a\t\n b"', '"a\\\n  b"', '"\\\n"', '" a "', "' a '", '"a#b"', '"a # b"',
          "'#'", '"\\u00e9"', '"\\x80"', '"\\xff"', '"\t"', "'\t'", '"a\r\nb"', '"\\e\\a"', '"a\n  \n  b"', '"a\\\n\n b"', "'a\n \n b'",
          '"\\u0000"', '"\\t\\n"', '"\\x7f"', '"\\u2028"', '"\\u0041\\u0042"']

def ctx_value(s):
    return [f'a: {s}\n', f'- {s}\n', f'[{s}]\n', f'{{a: {s}}}\n', f'{s}\n', f'a:\n  b: {s}\n', f'a:\n- {s}\n', f'a: [{s}, x]\n',
            f'a: {s} # c\n', f'a: {s}', f'- - {s}\n', f'a: &x {s}\nb: *x\n', f'? a\n: {s}\n', f'[a, {s}]\n', f'{{a: {s}, b: 1}}\n']
def ctx_key(s):
    return [f'{s}: a\n', f'- {s}: a\n', f'{{{s}: a}}\n', f'x:\n  {s}: a\n', f'? {s}\n: a\n', f'{s}:\n', f'[{s}: a]\n',
            f'&k {s}: a\nb: *k\n', f'a: &k {s}\n*k : b\n', f'b: 1\n{s}: 2\n']

tags = ['!!str', '!!int', '!!float', '!!bool', '!!null', '!!timestamp', '!!binary', '!!map', '!!seq', '!!merge', '!', '!foo', '!<tag:yaml.org,2002:int>',
        '!<tag:yaml.org,2002:str>', '!!set', '!!omap', '!!foo', '!<!>', '!<x>']
for s in scalars:
    for t in ctx_value(s):
        add(t, 'scalar-value')
    for t in ctx_key(s):
        add(t, 'scalar-key')
for q in quoted:
    for t in ctx_value(q) + ctx_key(q):
        add(t, 'quoted')
for t in tags:
    for s in rnd.sample(scalars, 60) + quoted[:10] + ['YWJj', 'YWJjZA==', 'YWJjZA=', 'Y W J j', '"YWJj\\nZA=="', '[1, 2]', '{a: 1}']:
        add(f'a: {t} {s}\n', 'tag')
        add(f'{t} {s}: a\n', 'tag-key')
        add(f'- {t} {s}\n', 'tag')
    add(f'a: {t}\n', 'tag')
    add(f'a: {t}\n  b: 1\n', 'tag')
    add(f'a: {t}\n- 1\n', 'tag')
    add(f'{t}\na: 1\n', 'tag')
    add(f'--- {t}\na: 1\n', 'tag')
    add(f'a: !!binary |\n  YWJj\n  ZA==\n', 'tag')

# Block scalars.
indicators = ['|', '>', '|-', '|+', '>-', '>+', '|1', '|2', '>1', '>2', '|2-', '|-2', '|+1', '>+2', '|0', '|10', '| ', '> ', '|#c', '| #c', '>- # c', '|--', '|2+1', '|x']
bodies = [
    ['a'], ['a', 'b'], ['a', '', 'b'], ['a', '', '', 'b'], ['', 'a'], ['', '', 'a'], ['a', ''], ['a', '', ''], ['  a', 'b'], ['a', '  b'],
    ['a', '  b', 'c'], ['a', '', '  b', '', 'c'], ['a ', 'b  '], ['a\t', 'b'], ['\ta'], ['a', '\tb'], ['#a', 'b'], ['a # b'], ['a', '#b'],
    ['  ', 'a'], ['a', '  ', 'b'], ['a', ' ', ''], ['- a', '- b'], ['a: b'], ['a', '    '], ['   a', 'b'], ['a', ' b'],
    ['long line one two three', 'second', '', 'third  ', '  indented', '  more', 'back'], ['#!/bin/sh', 'echo "hi"', 'exit 0'], [''], [], ['  '],
    ['a', '', '', ''], ['x', '  y', '', '  z', 'w'],
]
for ind in indicators:
    for b in bodies:
        for base in [2, 4]:
            pad = ' ' * base
            body = ''.join(pad + l + '\n' if l else '\n' for l in b)
            body_nonl = body[:-1] if body.endswith('\n') else body
            add(f'a: {ind}\n{body}', 'block')
            add(f'a: {ind}\n{body_nonl}', 'block')
            add(f'a: {ind}\n{body}b: 1\n', 'block')
            add(f'a: {ind}\n{body}# trailing\n', 'block')
            add(f'a: {ind}\n{body}  # trailing\n', 'block')
            add(f'- {ind}\n{body}- x\n', 'block')
            add(f'x:\n  a: {ind}\n' + ''.join(pad + '  ' + l + '\n' if l else '\n' for l in b) + '  b: 1\n', 'block')
            add(f'{ind}\n{body}', 'block')
            add(f'--- {ind}\n{body}', 'block')
            add(f'a: {ind}\n{body}\n\n', 'block')
            add(f'a: {ind}\n{body}   \n', 'block')
# Block scalar with content at lesser indentation than first line etc.
for t in ['a: |\n    a\n  b\n', 'a: |2\n    a\n  b\n', 'a: |1\n  a\n', 'a: >\n  a\n\n  b\n    c\n  d\n', 'a: >\n  a\n  b\n\n\n  c\n',
          'a: >\n\n  a\n', 'a: >\n  \n  a\n', 'a: >\n   \n  a\n', 'a: |\n   \n  a\n', 'a: |-\n  a\n\n\n', 'a: |+\n  a\n\n\n', 'a: >+\n\n',
          'a: |\n\n', 'a: |', 'a: >', 'a: |-', 'a: |+', '- |\n a\n- >\n b\n', 'a: |\n  a\n b: 1\n', 'a: |\n a\n  b\nc: 1\n', 'a: |\nb: 1\n',
          'a: |\n  a\n\tb\n', 'a: |\n\ta\n', 'a:\n  - |\n    x\n  - y\n', 'a: >-\n  one\n  two\n\n  three\n', 'a: >\n  one\n   two\n  three\n',
          'a: >\n   one\n  two\n', 'a: |\n  a\n  ---\n  b\n', 'a: |\n  a\n---\n', 'a: |\n  a\n...\n', 'a: >\n  a\n  \tb\n', 'a: >\n  a\n \tb\n']:
    add(t, 'block-extra')

# Multi-line plain scalars and flow.
plains = ['a: b\n  c\n', 'a: b\n  c\n  d\n', 'a: b\n\n  c\n', 'a: b\n\n\n  c\n', 'a: b\n c\n', 'a: b\nc\n', 'a: b\n  c: d\n', 'a: b\n  - c\n',
          'a: b\n  #c\n', 'a: b\n  c #d\n', 'a: b # x\n  c\n', 'a: b \n  c\n', 'a: b\t\n  c\n', 'a: b\n\tc\n', 'a: b\n  \tc\n', '- a\n  b\n',
          '- a\n b\n', '- a\nb\n', 'a\nb\n', 'a\n b\n', 'a b\n c d\n', '[a\nb]\n', '[a\n b]\n', '{a: b\nc}\n', '{a: b\n c}\n', 'a: [b,\nc]\n',
          'a: [b,\n c]\n', 'a: [b,\n  c]\n', 'a:\n  [b,\n  c]\n', 'a: {b: 1,\nc: 2}\n', 'a: {b: 1,\n c: 2}\n', 'a: "b\nc"\n', 'a: "b\n c"\n',
          "a: 'b\nc'\n", "a: 'b\n c'\n", 'a: b\n  ...\n', 'a: b\n  ---\n', 'a: b\n---\n', 'a: b\n  - c\n  d\n', 'key: value with: colon\n',
          'key: value with:colon\n', 'key: a - b\n', 'key: a -b\n', 'key: -\n', 'key: - a\n', 'key: ? a\n', 'key: ?\n', 'key: :\n',
          'key: a:\n', 'key: a :\n', 'key: :a\n', 'key: ::\n', 'key: a::b\n', 'key:: a\n', 'key:a\n', 'key :a\n', 'key : a\n', 'key  :  a\n',
          '"key": a\n', '"key":a\n', "'key':a\n", '{"key":a}\n', '{"key":1}\n', '{key:1}\n', '{key: 1}\n', '{key :1}\n', '[a:1]\n',
          '["a":1]\n', '[a: 1]\n', '[? a : 1]\n', '{a}\n', '{a, b: c}\n', '{a: }\n', '{: a}\n', '{?: a}\n', '[?]\n', '[a, ]\n',
          '[a,, b]\n', '[, a]\n', '[]\n', '{}\n', '[ ]\n', '{ }\n', '[[]]\n', '[{}]\n', '{a: [], b: {}}\n', '{a: b}: c\n', '[a]: b\n',
          '? [a]\n: b\n', '? {a: b}\n: c\n', '? a\n? b\n', '? a\n', '?\n: a\n', ': a\n', 'a: b: c\n', 'a: - b\n', 'a:\n-b\n', 'a:\n- b\n',
          'a:\n  - b\n', 'a:\n - b\n', 'a:\n    - b\n  - c\n', 'a:\n  - b\n - c\n', '- a\n - b\n', '- a\n  - b\n', '-a\n', '- \n', '-\n', '-\n-\n',
          '- - a\n  - b\n', '- a: 1\n  b: 2\n', '- a: 1\n b: 2\n', '- a: 1\n   b: 2\n', '- a: 1\n- b: 2\n', 'a: 1\n b: 2\n', 'a: 1\n  b: 2\n',
          ' a: 1\nb: 2\n', ' a: 1\n b: 2\n', '  a: 1\n  b: 2\n', 'a:\n  b: 1\n c: 2\n', 'a:\n  b: 1\n   c: 2\n', 'a:\n    b: 1\n  c: 2\n',
          'a: [1, 2\n', 'a: {b: 1\n', 'a: [1, 2]]\n', 'a: }\n', 'a: ]\n', 'a: [1, 2] b\n', 'a: "b" c\n', "a: 'b' c\n", 'a: "b"c\n',
          'a: b "c"\n', "a: b 'c'\n", 'a: "b\n', "a: 'b\n", 'a: |\n  "b\n', 'a: b\nb: c\n  d: e\n', 'a:\n\n  b: 1\n', 'a:\n# c\n  b: 1\n',
          'a: # c\n  b: 1\n', 'a: #c\n  - 1\n', 'a:#c\n', 'a: b#c\n', 'a: b #c\n', 'a: b\t#c\n', '#c\na: 1\n', '  #c\na: 1\n', 'a: 1\n#c\n',
          'a: 1 #c\n#d\n', 'a: [1, #c\n 2]\n', 'a: [1 #c\n, 2]\n', 'a: {b: 1 #c\n}\n', 'a: [\n1,\n2\n]\n', 'a: [\n  1,\n  2,\n]\n',
          'a: {\n  b: 1,\n  c: 2,\n}\n', 'a: [1, [2, [3, [4]]]]\n', 'a: {b: {c: {d: 1}}}\n', '[1, 2]: a\n', 'a: [b: c, d: e]\n',
          'a: [b: c: d]\n', 'a: {b: c: d}\n', 'a: [b, {c: d}, [e]]\n', 'a:\n  b:\n    c:\n      d: 1\n', 'a: !!map\n  b: 1\n', 'a: !!seq\n- 1\n',
          'a: [a\tb]\n', 'a: {a:\tb}\n', 'a:\t[1]\n', '[\t1]\n', '{\ta: 1}\n', 'a: [1,\t2]\n', 'a: 1\t\n', 'a:\t1\n', 'a\t: 1\n', '\ta: 1\n',
          'a:\n\t- 1\n', '-\ta\n', '- \ta\n', '-\t- a\n', 'a: \t\n', 'a:\t\n  b: 1\n', 'a:\n  b:\t1\n  c: 2\n', '? \ta\n: b\n', 'a: b\n\t\n',
          'a: 1\n\t# c\n', 'a: "\tb"\n', 'a: b\tc\n', 'a: b \t c\n', '- a\t- b\n', 'a: [b\t, c]\n', 'a: 1\r\nb: 2\r\n', 'a: 1\rb: 2\r',
          'a: |\r\n  b\r\n  c\r\n', 'a: "b\r\n c"\r\n', 'a: b\r\n  c\r\n', '\ufeffa: 1\n', 'a: \ufeffb\n', 'a: b\ufeff\n', 'a: \u00a0b\n',
          'a: b\u00a0\n', 'a:\u00a0b\n', 'a: \u2028b\n', 'a: b\u0085c\n', 'a: b\x7fc\n', 'a: b\x00c\n', 'a: b\x01c\n', 'a: "b\x01c"\n',
          'a: \x1b\n', 'a: b\u2029c\n', 'a: "\u0085"\n', 'a: \ud7ff\n', 'a: \ue000\n', 'a: \ufffe\n', 'a: \uffff\n']
for t in plains:
    add(t, 'plain-flow')

# Anchors, aliases, merges.
anchor = ['a: &x 1\nb: *x\n', 'a: &x\n  b: 1\nc: *x\n', 'a: &x [1, 2]\nb: *x\n', 'a: *x\n', 'a: &x\nb: *x\n', '&x a: 1\nb: *x\n',
          'a: &x b\n*x : c\n', 'a: &x b\n*x: c\n', 'a: &x 1\n*x : c\n', 'a: &x\n  b: 1\n*x : c\n', 'a: &x 1\na: &x 2\nb: *x\n',
          'a: &x 1\nb: &x 2\nc: *x\n', '&a [*a]\n', 'a: &x {b: *x}\n', 'a: &x\n  b: *x\n', '- &x a\n- *x\n', '[&x a, *x]\n',
          '{&x a: b, c: *x}\n', 'a: &x !!str 1\nb: *x\n', 'a: !!str &x 1\nb: *x\n', 'a: &x "1"\nb: *x\n', 'a: & x\n', 'a: &\n', 'a: *\n',
          'a: &x1 1\nb: *x1\n', 'a: &x.y 1\nb: *x.y\n', 'a: &x: 1\nb: *x:\n', 'a: &x, 1\n', 'a: [&x, 1]\n', 'a: &x 1 \nb: *x \n',
          'a: &x 1\nb: *x # c\n', 'a: &x &y 1\n', 'a: *x &y\n', 'a: &x *y\n', 'a: &x ~\nb: *x\n', 'a: &x\n- 1\nb: *x\n',
          'a: &x yes\nb: *x\n*x : c\n', 'a: &x 1.5\n*x : c\n', 'a: &x null\n*x : c\n', 'a: &x [1]\n*x : c\n', 'a: &x\n*x : c\n']
merges = []
base_maps = ['{a: 1, b: 2}', '{b: 3}', '{}', '[{a: 1}, {a: 2, b: 2}]', '[{a: 1}]', '[]', '1', 'x', '~', '[1]', '[{a: 1}, 1]', '[[{a: 1}]]']
for m in base_maps:
    merges += [f'<<: {m}\n', f'a: 0\n<<: {m}\n', f'<<: {m}\na: 0\n', f'x: &x {m}\ny:\n  <<: *x\n  a: 9\n', f'x: &x {m}\ny:\n  a: 9\n  <<: *x\n',
               f'x: &x {m}\ny:\n  <<: [*x]\n', f'x: &x {m}\ny: {{<<: *x}}\n', f'"<<": {m}\n', f"'<<': {m}\n", f'!!merge <<: {m}\n',
               f'!!str <<: {m}\n', f'? <<\n: {m}\n', f'<<: {m}\n<<: {{z: 1}}\n', f'- <<: {m}\n  b: 0\n', f'<< : {m}\n', f'<<: !!map {m}\n',
               f'x: &x {m}\ny: &y {{q: 1}}\nz:\n  <<: [*x, *y]\n', f'x: &x {m}\nz:\n  <<: [*y, *x]\n', f'<<: *x\n', f'k: v\n<<: &x {m}\nw: *x\n']
for t in anchor + merges:
    add(t, 'anchor-merge')
add('base: &base\n  image: nginx\n  ports:\n  - 80\ndev:\n  <<: *base\n  image: nginx:dev\n', 'anchor-merge')
add('a: &a {x: 1}\nb: &b {x: 2, y: 2}\nc:\n  <<: [*a, *b]\n', 'anchor-merge')
add('a: &a {x: 1}\nb:\n  x: 0\n  <<: *a\n  x: 3\n', 'anchor-merge')
add('a: &a {x: {y: 1}}\nb:\n  <<: *a\n  x: {z: 1}\n', 'anchor-merge')
add('a: &a {x: 1}\nb:\n  <<: {<<: *a, y: 2}\n', 'anchor-merge')

# Non-string keys and duplicates.
keys = ['1', '1.0', '1.5', '1e3', 'true', 'yes', 'null', '~', '0x1F', '017', '.inf', '-.inf', '.nan', '9999999999999999999', '2001-01-01',
        '"1"', '1_0', '100000000', '123456789', '1.23456789', '0.1', '1e-7', '3.4028235e38', '1e39', '16777217', '-0', '-0.0', '+1', "'a'", '""']
for k in keys:
    add(f'{k}: a\n', 'keys')
    for k2 in keys[:16]:
        add(f'{k}: a\n{k2}: b\n', 'keys-dup')
for t in ['a: 1\na: 2\n', 'a: 1\nb: 2\na: 3\n', 'a: {b: 1}\na: {c: 2}\n', 'a: 1\n"a": 2\n', "a: 1\n'a': 2\n", 'a: 1\n? a\n: 2\n',
          '{a: 1, a: 2}\n', 'a:\n  b: 1\n  b: 2\n', '- a: 1\n  a: 2\n', 'a: 1\nA: 2\n', 'y: 1\nyes: 2\n', 'on: 1\ntrue: 2\n', '1: a\n01: b\n',
          '1: a\n0x1: b\n', '1.0: a\n1: b\n', '1: a\n1.0: b\n', 'a: 1\nb: 2\na: 3\nb: 4\n', 'null: 1\n', '~: 1\n', ': 1\n', '? \n: 1\n',
          '""' + ': 1\n', 'a: &x 1\n? *x\n: 2\n']:
    add(t, 'keys-dup')

# Documents.
docs = ['---\na: 1\n', '--- \na: 1\n', '---\t\na: 1\n', '--- # c\na: 1\n', '--- a\n', '--- [a]\n', '--- {a: 1}\n', '--- |\n  a\n',
        '---\n', '---\n---\n', '---\n...\n', '...\n', 'a: 1\n---\n', 'a: 1\n...\n', 'a: 1\n...\n---\nb: 1\n', 'a: 1\n---\nb: 2\n',
        '---\na: 1\n---\n', '---\na: 1\n...\n', '%YAML 1.1\n---\na: 1\n', '%YAML 1.2\n---\na: 1\n', '%YAML 2.0\n---\na: 1\n',
        '%YAML 1.1\na: 1\n', '%TAG ! tag:x,2000:\n---\na: !b 1\n', '%TAG !e! tag:e,2000:\n---\na: !e!b 1\n', '%FOO bar\n---\na: 1\n',
        '%YAML 1.1\n%YAML 1.1\n---\na: 1\n', 'a: !e!b 1\n', '---a\n', '---a: 1\n', '----\na: 1\n', ' ---\na: 1\n', 'a: ---\n', '- ---\n',
        'a: 1\n--- #c\nb: 2\n', '# only comment\n', '\n\n', '', ' ', '\t', '#', '---\n# c\n', '--- >\n  a\n  b\n', '--- "a"\n',
        '--- &x a\n', '--- !!str\n', 'a: 1\n...\nb: 2\n', 'a: 1\n... # c\n', 'a: 1\n...a\n', '... a\n', 'a: 1\n---\n---\n',
        '---\n---\na: 1\n', 'null\n', '---\nnull\n---\na: 1\n', '~\n---\na: 1\n', 'a: 1\n--- \n', '---\r\na: 1\r\n', 'a: 1\n---\n...\n',
        '%YAML 1.1\n', '--- !!map\na: 1\n', '--- !!seq\n- 1\n', '---\n- a\n---\n- b\n', 'a: 1\n\n---\n\nb: 2\n\n', '---\n\na: 1\n']
for t in docs:
    add(t, 'docs')

# Realistic manifests.
manifests = [
'''apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
  labels:
    app: web
    tier: frontend
  annotations:
    deployment.kubernetes.io/revision: "3"
    description: A web server
spec:
  replicas: 3
  revisionHistoryLimit: 10
  selector:
    matchLabels:
      app: web
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 0
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.25.3
        imagePullPolicy: IfNotPresent
        args: ["--port", "8080", --verbose]
        command:
          - /bin/sh
          - -c
          - |
            echo starting
            exec nginx -g 'daemon off;'
        env:
        - name: MODE
          value: "production"
        - name: DEBUG
          value: "false"
        - name: RATIO
          value: "0.5"
        ports:
        - containerPort: 8080
          protocol: TCP
          name: http
        resources:
          limits:
            cpu: 500m
            memory: 128Mi
          requests:
            cpu: 0.25
            memory: 64Mi
        readinessProbe:
          httpGet:
            path: /healthz
            port: 8080
          initialDelaySeconds: 5
          periodSeconds: 10
      tolerations:
      - key: node-role.kubernetes.io/control-plane
        operator: Exists
        effect: NoSchedule
      nodeSelector:
        kubernetes.io/os: linux
''',
'''apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  type: ClusterIP
  selector: {app: web}
  ports:
    - name: http
      port: 80
      targetPort: http
    - name: https
      port: 443
      targetPort: 8443
      protocol: TCP
  sessionAffinity: None
  ipFamilies: [IPv4]
''',
'''apiVersion: v1
kind: ConfigMap
metadata:
  name: config
data:
  app.properties: |
    color=blue
    size=10

    # a comment
    enabled=true
  script.sh: |-
    #!/bin/bash
    set -euo pipefail
    if [ "$1" = "x" ]; then
      echo "x: y"
    fi
  folded: >
    This is a long
    folded text.

    New paragraph.
  number: "42"
  flag: 'yes'
  empty: ""
  json: '{"a": 1, "b": [true, null]}'
''',
'''apiVersion: v1
kind: Secret
metadata:
  name: creds
type: Opaque
data:
  username: YWRtaW4=
  password: MWYyZDFlMmU2N2Rm
stringData:
  config.yaml: |
    apiUrl: "https://my.api.com/api/v1"
    username: admin
    password: hunter2
''',
'''apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: ing
  annotations:
    nginx.ingress.kubernetes.io/rewrite-target: /$2
    nginx.ingress.kubernetes.io/ssl-redirect: "false"
spec:
  ingressClassName: nginx
  tls:
  - hosts: ["a.example.com"]
    secretName: tls
  rules:
  - host: a.example.com
    http:
      paths:
      - path: /api(/|$)(.*)
        pathType: ImplementationSpecific
        backend:
          service:
            name: api
            port:
              number: 8080
''',
'''apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, shortNames: [wd]}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            x-kubernetes-preserve-unknown-fields: true
            properties:
              size: {type: integer, minimum: 1, maximum: 100}
              ratio: {type: number, default: 0.5}
              mode: {type: string, enum: ["on", "off", "auto"]}
              tags:
                type: array
                items: {type: string}
                x-kubernetes-list-type: set
''',
'''apiVersion: batch/v1
kind: CronJob
metadata:
  name: backup
spec:
  schedule: "*/5 * * * *"
  concurrencyPolicy: Forbid
  successfulJobsHistoryLimit: 3
  jobTemplate:
    spec:
      backoffLimit: 0
      template:
        spec:
          restartPolicy: OnFailure
          securityContext:
            runAsUser: 1000
            fsGroup: 2000
          volumes:
          - name: data
            persistentVolumeClaim:
              claimName: data
          - name: cfg
            configMap:
              name: cfg
              defaultMode: 0644
          containers:
          - name: backup
            image: "registry.example.com/backup@sha256:abcdef0123456789"
            args:
            - --since=24h
            - --compress
            - "--level=9"
            volumeMounts:
            - {name: data, mountPath: /data, readOnly: true}
''',
'''apiVersion: v1
kind: Pod
metadata:
  name: p
  labels: {app: p, version: "1.0"}
spec:
  hostNetwork: false
  dnsPolicy: ClusterFirst
  containers:
    - name: c
      image: busybox
      command: ["sh", "-c", "sleep 3600"]
      env:
        - {name: A, value: "1"}
        - name: B
          valueFrom:
            fieldRef: {fieldPath: metadata.name}
      securityContext:
        allowPrivilegeEscalation: no
        capabilities:
          drop: [ALL]
      livenessProbe:
        exec:
          command: [cat, /tmp/healthy]
        initialDelaySeconds: 5
''',
'''# Kustomize-style overlay
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
  - ../base
  - service.yaml
patches:
  - target:
      kind: Deployment
      name: web
    patch: |-
      - op: replace
        path: /spec/replicas
        value: 5
configMapGenerator:
  - name: env
    literals:
      - LOG_LEVEL=debug
      - FEATURE_X=on
images:
  - name: nginx
    newTag: 1.25.3   # pinned
''',
'''apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: reader
rules:
- apiGroups: [""]
  resources: ["pods", "pods/log"]
  verbs: ["get", "list", "watch"]
- apiGroups:
  - apps
  resources:
  - deployments
  verbs:
  - get
''',
'''apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  minReplicas: 1
  maxReplicas: 10
  metrics:
  - type: Resource
    resource:
      name: cpu
      target:
        type: Utilization
        averageUtilization: 80
  behavior:
    scaleDown:
      stabilizationWindowSeconds: 300
      policies:
      - type: Percent
        value: 100
        periodSeconds: 15
''',
]
for m in manifests:
    add(m, 'manifest')
    add(m.replace('\n', '\r\n'), 'manifest-crlf')
    add('---\n' + m, 'manifest')
    add(m.rstrip('\n'), 'manifest')

SPECIAL = list(' \t#:-?[]{},&*!|>\'"%@`\n~.0123456789yYnN<\\') + [': ', '- ', ' #', '  ', '\n  ', '\n- ', '---\n', '...\n', '&a ', '*a', '<<: ', '\t', '|\n', '>-\n']
TOKENS = scalars + quoted + ['|', '>', '|-', '[]', '{}', '[1, 2]', '{a: 1}', '&x', '*x', '!!str', '!!int', '"', "'"]

def mutate(m):
    lines = m.split('\n')
    kind = rnd.randrange(10)
    if kind == 0:  # replace a scalar value
        idx = [i for i, l in enumerate(lines) if ': ' in l and not l.rstrip().endswith(':')]
        if idx:
            i = rnd.choice(idx)
            head = lines[i].split(': ', 1)[0]
            lines[i] = head + ': ' + rnd.choice(TOKENS)
        return '\n'.join(lines)
    if kind == 1:  # replace a list item
        idx = [i for i, l in enumerate(lines) if l.lstrip().startswith('- ')]
        if idx:
            i = rnd.choice(idx)
            pre = lines[i][:lines[i].index('- ') + 2]
            lines[i] = pre + rnd.choice(TOKENS)
        return '\n'.join(lines)
    if kind == 2:  # reindent a line
        i = rnd.randrange(len(lines))
        d = rnd.choice([-2, -1, 1, 2, 4])
        if d < 0:
            lines[i] = lines[i][min(-d, len(lines[i]) - len(lines[i].lstrip(' '))):]
        else:
            lines[i] = ' ' * d + lines[i]
        return '\n'.join(lines)
    if kind == 3:  # insert special text
        p = rnd.randrange(len(m) + 1)
        return m[:p] + rnd.choice(SPECIAL) + m[p:]
    if kind == 4:  # delete a char
        if not m:
            return m
        p = rnd.randrange(len(m))
        return m[:p] + m[p + 1:]
    if kind == 5:  # replace a char with special
        if not m:
            return m
        p = rnd.randrange(len(m))
        return m[:p] + rnd.choice(SPECIAL) + m[p + 1:]
    if kind == 6:  # duplicate / remove a line
        i = rnd.randrange(len(lines))
        if rnd.random() < 0.5:
            lines.insert(i, lines[i])
        else:
            del lines[i]
        return '\n'.join(lines)
    if kind == 7:  # replace a key
        idx = [i for i, l in enumerate(lines) if ':' in l]
        if idx:
            i = rnd.choice(idx)
            l = lines[i]
            ind = len(l) - len(l.lstrip(' '))
            rest = l.lstrip(' ')
            dash = ''
            if rest.startswith('- '):
                dash, rest = '- ', rest[2:]
            if ':' in rest:
                lines[i] = ' ' * ind + dash + rnd.choice(TOKENS) + ':' + rest.split(':', 1)[1]
        return '\n'.join(lines)
    if kind == 8:  # add a trailing comment or whitespace
        i = rnd.randrange(len(lines))
        lines[i] += rnd.choice([' # c', '#c', ' ', '\t', '  # x: y', ' #', '\t# c'])
        return '\n'.join(lines)
    # swap two lines
    i, j = rnd.randrange(len(lines)), rnd.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return '\n'.join(lines)

n_mut = int(sys.argv[2]) if len(sys.argv) > 2 else 30000
for k in range(n_mut):
    m = rnd.choice(manifests)
    for _ in range(rnd.choice([1, 1, 1, 2, 3])):
        m = mutate(m)
    add(m, 'mutation')

# Small random YAML-ish texts from a grammar of fragments.
frag = ['a', 'b', ': ', ':', '- ', '-', ' ', '  ', '\n', '\n  ', '\n- ', '#c', ' #c', '[', ']', '{', '}', ', ', ',', '"x"', "'y'", '&a ', '*a',
        '|', '>', '|-', '? ', '!!str ', '1', '1.0', 'yes', '~', '\t', '...', '---', '<<: ', '"', "'", '%', '@', '`', '!', '\\']
for k in range(n_mut // 2):
    s = ''.join(rnd.choice(frag) for _ in range(rnd.randrange(2, 14)))
    add(s + rnd.choice(['', '\n']), 'fragments')

for cat, s in out:
    sys.stdout.write(json.dumps({"category": cat, "text": s}) + "\n")
print(len(out), "inputs", file=sys.stderr)
