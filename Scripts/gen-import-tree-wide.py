#!/usr/bin/env python3
"""Writes a source tree with N router registrations, one class a file (about 25,000 files at 50,000), for
timing the importer at scale (issue 21 §4: 50,000 registrations in at most 10 s).

    python3 Scripts/gen-import-tree-wide.py 50000 /tmp/tree
    switchyard import /tmp/tree > /dev/null

The mix, as fractions of N (every pattern distinct, so each registration is one route):
- 30% ARouter on Java, one annotated class a file; half the paths are constants of a `RoutePaths`
  interface (implicitly `static final`, 500 to a file) named by a qualified reference.
- 20% ARouter on Kotlin, one class a file, the paths `const val`s of an `object` (500 to a file).
- 20% JLRoutes in Objective-C, 500 `addRoute:` calls a file, with a placeholder in each.
- 20% URLNavigator in Swift, 500 `navigator.register` calls a file, each returning its controller.
- 10% Android manifest intent filters (VIEW action, scheme, host, path prefix), 1,000 activities a file.
The exact counts are printed on standard output.
"""
import os
import sys


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def java(n, root):
    constants = n // 2
    for start in range(0, constants, 500):
        lines = [f'    String PAGE_{i} = "/java{i // 1000}/page{i}";' for i in range(start, min(start + 500, constants))]
        write(f"{root}/java/src/main/java/com/shop/paths/RoutePaths{start // 500}.java",
              "package com.shop.paths;\n\npublic interface RoutePaths%d {\n%s\n}\n" % (start // 500, "\n".join(lines)))
    for i in range(n):
        path = f"RoutePaths{i // 500}.PAGE_{i}" if i < constants else f'"/java{i // 1000}/page{i}"'
        imports = f"import com.shop.paths.RoutePaths{i // 500};\n" if i < constants else ""
        write(f"{root}/java/src/main/java/com/shop/m{i // 1000}/Page{i}Activity.java",
              f"package com.shop.m{i // 1000};\n\nimport com.alibaba.android.arouter.facade.annotation.Route;\n"
              f"{imports}\n@Route(path = {path})\npublic class Page{i}Activity extends Activity {{\n}}\n")


def kotlin(n, root):
    for start in range(0, n, 500):
        lines = [f'    const val SCREEN_{i} = "/kt{i // 1000}/screen{i}"' for i in range(start, min(start + 500, n))]
        write(f"{root}/kotlin/src/main/kotlin/com/shop/paths/KtPaths{start // 500}.kt",
              "package com.shop.paths\n\nobject KtPaths%d {\n%s\n}\n" % (start // 500, "\n".join(lines)))
    for i in range(n):
        write(f"{root}/kotlin/src/main/kotlin/com/shop/k{i // 1000}/Screen{i}Activity.kt",
              f"package com.shop.k{i // 1000}\n\nimport com.alibaba.android.arouter.facade.annotation.Route\n"
              f"import com.shop.paths.KtPaths{i // 500}\n\n"
              f"@Route(path = KtPaths{i // 500}.SCREEN_{i})\nclass Screen{i}Activity : Activity()\n")


def jlroutes(n, root):
    for start in range(0, n, 500):
        calls = [f'    [[JLRoutes globalRoutes] addRoute:@"/jl{i}/:id" handler:^BOOL(NSDictionary *p) {{ return YES; }}];'
                 for i in range(start, min(start + 500, n))]
        write(f"{root}/ios/Routes/JLRoutes{start // 500}.m",
              '#import "AppDelegate.h"\n\n@implementation Routes%d\n- (void)registerRoutes {\n%s\n}\n@end\n'
              % (start // 500, "\n".join(calls)))


def navigator(n, root):
    for start in range(0, n, 500):
        calls = [f'        navigator.register("shop://nav{i}/<int:id>") {{ url, values, context in\n'
                 f'            return Nav{i}ViewController()\n        }}' for i in range(start, min(start + 500, n))]
        write(f"{root}/ios/Navigator/NavigationMap{start // 500}.swift",
              "import URLNavigator\n\nenum NavigationMap%d {\n    static func initialize(navigator: Navigator) {\n%s\n"
              "    }\n}\n" % (start // 500, "\n".join(calls)))


def manifest(n, root):
    for start in range(0, n, 1000):
        activities = [f'        <activity android:name=".Deep{i}Activity">\n'
                      f'            <intent-filter>\n'
                      f'                <action android:name="android.intent.action.VIEW" />\n'
                      f'                <category android:name="android.intent.category.BROWSABLE" />\n'
                      f'                <data android:scheme="shop" android:host="deep" android:pathPrefix="/d{i}/" />\n'
                      f'            </intent-filter>\n        </activity>' for i in range(start, min(start + 1000, n))]
        write(f"{root}/android{start // 1000}/src/main/AndroidManifest.xml",
              '<?xml version="1.0" encoding="utf-8"?>\n<manifest xmlns:android="http://schemas.android.com/apk/res/android"'
              ' package="com.shop">\n    <application>\n%s\n    </application>\n</manifest>\n' % "\n".join(activities))


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: import-tree.py N OUT_DIR")
    n, root = int(sys.argv[1]), sys.argv[2]
    counts = {"java": n * 3 // 10, "kotlin": n * 2 // 10, "jlroutes": n * 2 // 10, "navigator": n * 2 // 10}
    counts["manifest"] = n - sum(counts.values())
    java(counts["java"], root)
    kotlin(counts["kotlin"], root)
    jlroutes(counts["jlroutes"], root)
    navigator(counts["navigator"], root)
    manifest(counts["manifest"], root)
    print(" ".join(f"{k} {v}" for k, v in counts.items()), f"total {n}")


if __name__ == "__main__":
    main()
