#!/usr/bin/env python3
"""URLs for `switchyard match` from a route table IN: N URLs (deterministic), each made from a random route's
pattern with random parameter values, 30% of them on a host no route has (so misses too).
usage: match-urls.py IN N OUT"""
import json, random, re, sys
src, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
random.seed(13)
patterns = [r["pattern"] for r in json.load(open(src))["routes"]]
def fill(segment):
    if not segment.startswith(":"):
        return segment
    if "<int>" in segment:
        return str(random.randint(0, 99999))
    return random.choice(["a", "bc", "x1", "item", "9z"]) + str(random.randint(0, 999))
with open(out, "w") as f:
    for _ in range(n):
        scheme, rest = random.choice(patterns).split("://", 1)
        host, _, path = rest.partition("/")
        if random.random() < 0.3:
            host = "nohost" + str(random.randint(0, 99))
        segments = [fill(s) for s in path.split("/")] if path else []
        query = "?q=" + str(random.randint(0, 9)) if random.random() < 0.2 else ""
        f.write(f"{scheme}://{host}/" + "/".join(segments) + query + "\n")
