#!/usr/bin/env bash
# Checks or fixes the Swift style that .swift-format describes, with the toolchain's `swift format`.
#
#   Scripts/format.sh            lint (the default): one line per finding, then the lines over 120
#                                columns (Scripts/line-length.sh); exit 1 when there is any
#   Scripts/format.sh --fix      apply the same rules' fixes in place
#   Scripts/format.sh --layout   also report swift-format's layout findings (indentation, line breaks,
#                                spacing); informational, not part of CI
#
# The rules are checked and fixed without swift-format's layout pass (--debug-disable-pretty-print):
# swift-format cannot switch single layout findings off, and the code's hand layout differs from its
# output in more than half of the files. DECISIONS.md says why, and which rules are off.
set -euo pipefail
cd "$(dirname "$0")/.."

paths=(Package.swift Sources Demo Tests Benchmarks/Package.swift Benchmarks/Sources Fuzz/Package.swift Fuzz/Sources)
rules_only=(--debug-disable-pretty-print)

case "${1:-}" in
  "")
    swift format lint --strict --recursive --parallel "${rules_only[@]}" "${paths[@]}"
    # The layout pass is off (see above), so swift-format does not check the line length: this does.
    bash Scripts/line-length.sh
    echo "format: no findings"
    ;;
  --fix)
    swift format format --in-place --recursive --parallel "${rules_only[@]}" "${paths[@]}"
    ;;
  --layout)
    swift format lint --recursive --parallel "${paths[@]}"
    ;;
  *)
    echo "usage: Scripts/format.sh [--fix | --layout]" >&2
    exit 2
    ;;
esac
