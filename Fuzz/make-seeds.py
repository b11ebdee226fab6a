#!/usr/bin/env python3
"""Writes the seed corpora in Fuzz/Corpus/<Target>/ from the golden tables of the unit tests.

Run from the repository root: python3 Fuzz/make-seeds.py. The seeds are committed as files; this
script is only needed to regenerate them after the golden tables change.

- FuzzURL: every URL of Tests/SwitchyardTests/URLGoldenTests.swift and MatcherTests.swift, and every
  input of Tests/SwitchyardTests/Corpus/hostile.tsv that is shorter than 4 KiB.
- FuzzPatterns: MatcherTests' route list in groups of up to four patterns, each with six of its URLs;
  and the inputs of its findings (FINDINGS below, named finding-*), kept as seeds once fixed.
- FuzzRelocation: hand-written relocation tables (README examples, cycles, loops through a static
  redirect, invalid entries).
- FuzzNavigation: hand-encoded action sequences (see the byte layout in FuzzNavigation.swift).
"""
import json
import os
import re
import shutil

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(ROOT, "Tests", "SwitchyardTests")
OUT = os.path.join(ROOT, "Fuzz", "Corpus")

LITERAL = r'"((?:[^"\\]|\\.)*)"'


def unescape(s):
    """Swift string-literal escapes used in the golden tables."""
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            n = s[i + 1]
            if n == "u" and s[i + 2] == "{":
                end = s.index("}", i)
                out.append(chr(int(s[i + 3:end], 16)))
                i = end + 1
                continue
            out.append({"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"'}.get(n, n))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def golden_urls():
    text = open(os.path.join(TESTS, "URLGoldenTests.swift"), encoding="utf-8").read()
    urls = [unescape(m) for m in re.findall(r'^\s*\(' + LITERAL + r', \.(?:ok|error)\(', text, re.M)]
    text = open(os.path.join(TESTS, "MatcherTests.swift"), encoding="utf-8").read()
    cases = [unescape(m) for m in re.findall(r'^\s*\(' + LITERAL + r', (?:"|nil)', text, re.M)]
    start = text.index("static let routes = [")
    block = text[start:text.index("\n    ]", start)]
    routes = [unescape(m) for m in re.findall(LITERAL, block)]
    return urls, cases, routes


def hostile_inputs():
    path = os.path.join(TESTS, "Corpus", "hostile.tsv")
    if not os.path.exists(path):
        return []
    out = []
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        out.append(json.loads(line.split("\t")[0]))
    return out


# FuzzPatterns inputs that found a bug, as (file name, patterns, URLs); each is also a regression test.
FINDINGS = [
    # Issue 12: a constrained host parameter was checked against the host as written, not lowercased
    # (HostileRegressionTests.constrainedHostParameterSeesTheLowercasedHost).
    ("finding-host-case", ["app://:tenant/home", "app://shop/item/:slug<slug>", ":slug<slug>"], ["APP://USER"]),
]


def pattern_seed(patterns, urls):
    """The FuzzPatterns input layout: a byte whose low two bits are the pattern count minus one, then
    the pattern lines and the URL lines, separated by newlines."""
    assert 1 <= len(patterns) <= 4 and len(urls) <= 6
    return bytes([len(patterns) - 1]) + "\n".join(patterns + urls).encode("utf-8")


def reset(target):
    d = os.path.join(OUT, target)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    return d


def write(d, name, data):
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))


def main():
    urls, cases, routes = golden_urls()

    d = reset("FuzzURL")
    seen = []
    for u in urls + cases + hostile_inputs():
        b = u.encode("utf-8")
        if b and len(b) < 4096 and b not in seen:
            seen.append(b)
    for i, b in enumerate(seen):
        write(d, "url-%03d" % i, b)

    d = reset("FuzzPatterns")
    n = 0
    for start in range(0, len(routes), 4):
        group = routes[start:start + 4]
        for offset in range(0, len(cases), 6):
            write(d, "table-%03d" % n, pattern_seed(group, cases[offset:offset + 6]))
            n += 1
    for name, patterns, found in FINDINGS:
        write(d, name, pattern_seed(patterns, found))

    d = reset("FuzzRelocation")
    tables = [
        {"version": 3, "entries": [
            {"op": "replace", "pattern": "app://old/:id", "to": "app://order/:id"},
            {"op": "add", "pattern": "app://o/:id", "target": "OrderDetail"},
            {"op": "delete", "pattern": "app://promo/old"},
            {"op": "reset", "pattern": "app://order/:id"}]},
        {"version": 1, "entries": [{"op": "replace", "pattern": "app://order/:id", "to": "app://order-v2/:id"}]},
        {"version": 1, "entries": [{"op": "replace", "pattern": "app://user/:id", "to": "app://profile/:id"}]},
        {"version": 2, "entries": [{"op": "replace", "pattern": "app://pong/:id", "to": "app://ping/:id"}]},
        {"entries": [{"op": "replace", "pattern": "app://a", "to": "app://b"},
                     {"op": "replace", "pattern": "app://b", "to": "app://a"}]},
        {"entries": [{"op": "replace", "pattern": "app://a/:x", "to": "app://b/:x"},
                     {"op": "replace", "pattern": "app://b/:y", "to": "app://c/:y"},
                     {"op": "replace", "pattern": "app://c/:z", "to": "app://a/:z"}]},
        {"entries": [{"op": "add", "pattern": "app://x/*rest", "target": "Files"},
                     {"op": "add", "pattern": "share/:id", "target": "Share"},
                     {"op": "delete", "pattern": "app://home"}]},
        {"entries": [{"op": "replace", "pattern": "app://c/:x", "to": "app://d/:y"}]},
        {"entries": [{"op": "move", "pattern": "app://y"}]},
        {"entries": [{"op": "replace", "pattern": "app://user/:id<int>", "to": "app://order/:id?"}]},
        {"entries": [{"op": "replace", "pattern": "app://order/:id((a+)+)", "to": "app://user/:id"}]},
        {"entries": [{"op": "reset", "pattern": "app://nothing"}]},
        {"version": "x", "entries": []},
        {"entries": {}},
    ]
    for i, t in enumerate(tables):
        write(d, "table-%03d.json" % i, json.dumps(t))
    write(d, "table-broken.json", '{"entries": [{"op": "replace", "pattern": "app://a/:id", "to": ')

    d = reset("FuzzNavigation")
    # Byte layout per action: flags, kind (NavigationAction.Kind.allCases, mod 14), arguments;
    # screen = kind, n, guard (0 = guarded).
    PUSH, POP, POPROOT, POPTO, PRESENT, DISMISS, DISMISSALL, TAB, SETROOT, DTP, REPLACE, GUARD, REMOVE, UPDATE = range(14)
    seqs = {
        "push-pop": [0, PUSH, 2, 1, 1, 0, 0, PUSH, 3, 2, 1, 0, 0, POP, 0, 0, POPROOT, 0],
        "present-wrapped": [0, PRESENT, 5, 0, 1, 2, 3, 0, PUSH, 2, 1, 1, 0, 0, DISMISS, 3],
        "tabs": [0, TAB, 0, 1, 0, 0, 0, TAB, 0, 200, 1, 0, 0, TAB, 2, 1, 0, 0, 0, TAB, 1, 3, 1, 0],
        "guard-veto": [0, PUSH, 5, 0, 0, 0, 0, POP, 0, 1, POP, 0, 0, GUARD, 0, 1, 0, POP, 0],
        "popto": [0, PUSH, 2, 1, 1, 0, 0, PUSH, 3, 1, 1, 0, 0, POPTO, 0, 1, 0, 0, POPTO, 2, 130, 0],
        "duplicates": [0x10, PUSH, 2, 1, 1, 0, 0x10, PUSH, 2, 1, 1, 0, 0, PUSH, 2, 1, 1, 0],
        "setroot-replace": [0, SETROOT, 4, 0, 1, 4, 0, REPLACE, 1, 0, 1, 4, 0, DTP, 3, 3, 1, 0],
        "modal-no-nav": [0, PRESENT, 4, 0, 1, 0, 0, 0, PUSH, 2, 1, 1, 0, 1, REPLACE, 5, 0, 0, 0, 0, DISMISSALL, 0],
    }
    for name, seq in seqs.items():
        write(d, name, bytes(seq))


if __name__ == "__main__":
    main()
