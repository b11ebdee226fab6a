#!/usr/bin/env python3
"""Writes a synthetic project with N route registrations (default 50,000) for timing `switchyard import`:

    python3 Scripts/gen-import-tree.py /tmp/import-50k [N]
    swift build -c release && time .build/release/switchyard import /tmp/import-50k > /dev/null

Two fifths are ARouter `@Route` annotations in Java whose paths are interface constants built from
other constants (`MODULE + "/page"`), one fifth TheRouter `@Route` in Kotlin over `const val` templates,
one fifth URLNavigator registrations in Swift, one fifth DeepLinkKit subscripts in Objective-C. Each
registration gives one route; every pattern is distinct. The tree is not committed.
"""
import os
import sys

out = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 50_000
per_file = 50


def write(path, text):
    full = os.path.join(out, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)


java_n = n * 2 // 5
kotlin_n = n // 5
swift_n = n // 5
objc_n = n - java_n - kotlin_n - swift_n

# Java: one constants interface per module, classes annotated with its constants.
for f in range(0, java_n, per_file):
    m = f // per_file
    consts = [f'    String MODULE = "/m{m}";']
    classes = [f"package com.example.m{m};\n"]
    for i in range(f, min(f + per_file, java_n)):
        consts.append(f'    String PAGE_{i} = MODULE + "/page{i}";')
        classes.append(f"@Route(path = Hub{m}.PAGE_{i})\nclass Page{i}Activity extends Activity {{}}\n")
    write(f"java/m{m}/src/main/java/com/example/m{m}/Hub{m}.java", f"package com.example.m{m};\npublic interface Hub{m} {{\n" + "\n".join(consts) + "\n}\n")
    write(f"java/m{m}/src/main/java/com/example/m{m}/Pages{m}.java", "\n".join(classes))

# Kotlin: an object of templates per file.
for f in range(0, kotlin_n, per_file):
    k = f // per_file
    lines = [f"package com.example.k{k}\n", "import com.therouter.router.Route\n", f"object Paths{k} {{", f'    const val BASE = "http://example.com/k{k}"']
    for i in range(f, min(f + per_file, kotlin_n)):
        lines.append(f'    const val P{i} = "$BASE/p{i}"')
    lines.append("}\n")
    for i in range(f, min(f + per_file, kotlin_n)):
        lines.append(f"@Route(path = Paths{k}.P{i})\nclass K{i}Activity : TheRouterActivity()\n")
    write(f"kotlin/k{k}/src/main/java/com/example/k{k}/Routes{k}.kt", "\n".join(lines))

# Swift: URLNavigator registrations.
for f in range(0, swift_n, per_file):
    s = f // per_file
    lines = ["import URLNavigator\n", f"enum NavigationMap{s} {{", "  static func initialize(navigator: NavigatorProtocol) {"]
    for i in range(f, min(f + per_file, swift_n)):
        lines.append(f'    navigator.register("app://s{s}/item{i}/<int:id>") {{ _, _, _ in Item{i}ViewController() }}')
    lines.append("  }\n}\n")
    write(f"ios/Nav/NavigationMap{s}.swift", "\n".join(lines))

# Objective-C: DeepLinkKit subscripts.
for f in range(0, objc_n, per_file):
    o = f // per_file
    lines = ["#import <DeepLinkKit/DeepLinkKit.h>\n", "- (void)setUp {"]
    for i in range(f, min(f + per_file, objc_n)):
        lines.append(f'    self.router[@"dpl://o{o}/thing{i}/:id"] = [Thing{i}Handler class];')
    lines.append("}\n")
    write(f"ios/DeepLinks/Setup{o}.m", "\n".join(lines))

print(f"{out}: {java_n} Java, {kotlin_n} Kotlin, {swift_n} Swift, {objc_n} Objective-C registrations")
