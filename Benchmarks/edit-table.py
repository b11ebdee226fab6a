#!/usr/bin/env python3
"""A second route table made from IN for `switchyard diff`: about 1% of routes retargeted, 0.5% removed and 0.5% added (deterministic). usage: edit-table.py IN OUT"""
import json, random, sys
src, out = sys.argv[1], sys.argv[2]
random.seed(11)
routes = json.load(open(src))["routes"]
n = len(routes)
for i in random.sample(range(n), max(1, n // 100)):
    routes[i]["target"] = routes[i]["target"] + "b"
drop = set(random.sample(range(n), max(1, n // 200)))
routes = [r for i, r in enumerate(routes) if i not in drop]
for k in range(max(1, n // 200)):
    routes.append({"pattern": f"app://added{k}/x/:id<int>", "target": f"A{k}"})
json.dump({"routes": routes}, open(out, "w"))
