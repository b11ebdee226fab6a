#!/usr/bin/env bash
# Counts the public surface of each module: the lines that declare something `public`, and the
# public types (classes, structs, enums, actors, protocols and typealiases, nested ones included),
# then how many `nonisolated(unsafe)` declarations Sources/ and Demo/ still have.
# `package` declarations are not counted: they are visible to this package's other targets and
# tests only.
#
#   Scripts/public-surface.sh            one line per module, then the total
#   Scripts/public-surface.sh --list     also lists each module's public types, file by file
#
# DECISIONS.md quotes its output before and after a change to the surface.
set -euo pipefail
cd "$(dirname "$0")/.."

type_pattern='public (final |indirect )?(class|struct|enum|actor|protocol|typealias) [A-Za-z_]+'
list=0
if [ "${1:-}" = "--list" ]; then list=1; fi

printf '%-24s %14s %14s\n' module "public lines" "public types"
total_lines=0
total_types=0
for dir in Sources/*/ Demo/App/; do
  module=$(basename "$dir")
  if [ "$dir" = "Demo/App/" ]; then module="SwitchyardDemo"; fi
  files=$(find "$dir" -name '*.swift' | LC_ALL=C sort)
  [ -z "$files" ] && continue
  # shellcheck disable=SC2086
  lines=$(cat $files | grep -cE '(^|[^A-Za-z_.])public ' || true)
  # shellcheck disable=SC2086
  types=$( (cat $files | grep -oE "$type_pattern" || true) | wc -l | tr -d ' ')
  printf '%-24s %14s %14s\n' "$module" "$lines" "$types"
  total_lines=$((total_lines + lines))
  total_types=$((total_types + types))
done
printf '%-24s %14s %14s\n' total "$total_lines" "$total_types"
unsafe=$( (grep -rn 'nonisolated(unsafe)' Sources Demo --include='*.swift' || true) | wc -l | tr -d ' ')
echo "nonisolated(unsafe) in Sources and Demo: $unsafe"

if [ $list -eq 1 ]; then
  for dir in Sources/*/ Demo/App/; do
    echo
    echo "== $dir"
    # shellcheck disable=SC2086
    (grep -rnoE "$type_pattern" "$dir" --include="*.swift" || true) | sed -E 's/:[0-9]+:public (final |indirect )?/: /' | LC_ALL=C sort || true
  done
fi
