#!/usr/bin/env bash
# Lists every line of Swift source under Sources/ that is longer than 120 columns, one
# `FILE:LINE: N columns` line each, and exits 1 when there is any (0 when there is none).
#
#   Scripts/line-length.sh              the list, then a count
#   Scripts/line-length.sh --summary    only the count per module (Sources/NAME)
#   Scripts/line-length.sh --tests      the same for Tests/ (informational: the tests' long lines are
#                                       mostly expected strings, and are being broken up suite by suite)
#
# Columns are characters: a UTF-8 character counts as one column whatever its byte length.
#
# Exemptions, kept few:
# - A line that cannot be broken (one string literal or URL that must stay whole, such as a golden
#   value) may end with the marker comment `// line-length: unbreakable`. Not inside a multi-line
#   string literal: there the comment would become part of the text.
# - `allowed` below lists files exempt as a whole, each with its reason. It is empty.
set -euo pipefail
cd "$(dirname "$0")/.."

limit=120
marker='// line-length: unbreakable'
allowed=(
)

mode="${1:-}"
roots=(Sources)
case "$mode" in
  "" | --summary) ;;
  --tests)
    roots=(Tests)
    mode=--summary
    ;;
  *)
    echo "usage: Scripts/line-length.sh [--summary | --tests]" >&2
    exit 2
    ;;
esac

files=()
while IFS= read -r -d '' file; do
  skip=0
  for a in "${allowed[@]+"${allowed[@]}"}"; do
    [ "$file" = "$a" ] && skip=1
  done
  [ $skip -eq 0 ] && files+=("$file")
done < <(find "${roots[@]}" -name '*.swift' -print0 | LC_ALL=C sort -z)

# The C locale makes every awk count bytes; the character count drops UTF-8 continuation bytes.
report=$(LC_ALL=C awk -v limit="$limit" -v marker="$marker" '
  {
    text = $0
    sub(/\r$/, "", text)
    chars = text
    gsub(/[\200-\277]/, "", chars)
    if (length(chars) <= limit) next
    m = length(marker)
    if (length(text) >= m && substr(text, length(text) - m + 1) == marker) next
    print FILENAME ":" FNR ": " length(chars) " columns"
  }' "${files[@]}")

count=0
[ -n "$report" ] && count=$(printf '%s\n' "$report" | wc -l)

if [ "$mode" = --summary ]; then
  [ -n "$report" ] && printf '%s\n' "$report" | awk -F/ '{ print $1 "/" $2 }' | sort | uniq -c | sort -rn
else
  [ -n "$report" ] && printf '%s\n' "$report"
fi

if [ "$count" -gt 0 ]; then
  echo "line-length: $count lines over $limit columns"
  exit 1
fi
echo "line-length: no line over $limit columns"
