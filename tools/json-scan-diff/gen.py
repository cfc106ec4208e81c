#!/usr/bin/env python3
"""Texts for tools/json-scan-diff: JSON lines, each a JSON string holding
one text's bytes in standard base64.

Usage: gen.py SEED COUNT
"""
import base64
import json
import random
import sys

# Docker configs as users write them, and JSON of every shape.
SEEDS = [
    b'{"auths":{"registry.example.com":{"username":"u","password":"p","auth":"dTpw"}}}',
    b'{"https://index.docker.io/v1/":{"auth":"dTpw","email":"a@b.c"}}',
    b'{"auths": {}, "HttpHeaders": {"User-Agent": "x"}}',
    b'{"a": [1, -2.5e+10, 0.0, -0, 1E3, true, false, null, "s\\u00e9\\n\\"\\\\\\/"], "b": {}}',
    b'[1, 2]', b'"text"', b'12', b'-0.5e-3', b'true', b'false', b'null', b'{}', b'[]',
    b' \t\r\n{ "k" : { "n" : [ [ ] , { } ] } } \n',
    b'{"n": [1e-400, "1e309", 2E308], "m": {"k": -1.8e308}}',
]

# Pieces of JSON and of the mistakes people make writing it.
PIECES = [
    b'{', b'}', b'[', b']', b'"', b':', b',', b' ', b'\t', b'\n', b'\r', b'\\',
    b'\\u', b'\\u00', b'\\x', b'0', b'1', b'9', b'-', b'.', b'e', b'E', b'+',
    b'true', b'false', b'null', b'tru', b'fals', b'nul', b'"k"', b'"v"',
    b"'", b'a', b'#', b'/', b'\x00', b'\x1f', b'\x7f', b'\x80', b'\xc3\xa9',
    b'\xe2\x80\xa8', b'\xff', b'\xa0', b'NaN', b'Infinity', b'0x1', b'01',
    # Numbers past a float64's range, and below it.
    b'1e309', b'-1.8e308', b'1.7976931348623158e308', b'1e-400', b'9' * 400,
]


def mutate(rng, text):
    text = bytearray(text)
    for _ in range(rng.randint(1, 3)):
        at = rng.randint(0, len(text))
        how = rng.randrange(4)
        if how == 0 and at < len(text):
            del text[at]
        elif how == 1:
            text[at:at] = rng.choice(PIECES)
        elif how == 2 and at < len(text):
            text[at] = rng.randrange(256)
        else:
            text = text[:at]
    return bytes(text)


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    texts = list(SEEDS)
    texts += [b'[' * 10001 + b']' * 10001, b'[' * 10000 + b']' * 10000,
              b'{"a":' * 10001, b'']
    for piece in PIECES:
        texts += [piece, b'{"k":' + piece + b'}', b'[' + piece + b']']
    for _ in range(count):
        texts.append(mutate(rng, rng.choice(SEEDS)))
    for _ in range(count // 2):
        texts.append(b''.join(rng.choice(PIECES) for _ in range(rng.randint(1, 8))))
    for text in texts:
        print(json.dumps(base64.b64encode(text).decode()))


if __name__ == '__main__':
    main()
