#!/usr/bin/env bash
# Builds one libFuzzer target of the Fuzz/ package with AddressSanitizer and runs it on a copy of its
# checked-in seed corpus.
#
#   Scripts/fuzz.sh TARGET SECONDS      TARGET: FuzzURL, FuzzPatterns, FuzzRelocation, FuzzNavigation or FuzzImport
#
# Exit status: 0 when the run finished with no finding; 1 when the binary is not really instrumented
# (libFuzzer does not print "INFO: Loaded 1 modules (N inline 8-bit counters)" with N > 0), when
# libFuzzer reports a crash, a timeout (-timeout=2 per input), a leak or running out of memory, or when
# the build fails. Each run works in Fuzz/.build/runs/TARGET/ (recreated every run): fuzz.log, the grown
# corpus in corpus/, and the reproducing input of a finding in findings/ (also copied to
# Fuzz/.build/findings/TARGET/, which keeps the findings of every run).
set -uo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 TARGET SECONDS" >&2
  exit 2
fi
target=$1
seconds=$2
case "$seconds" in (''|*[!0-9]*) echo "fuzz.sh: SECONDS must be a whole number" >&2; exit 2;; esac

root=$(cd "$(dirname "$0")/.." && pwd)
fuzz="$root/Fuzz"
if [ ! -d "$fuzz/Corpus/$target" ]; then
  echo "fuzz.sh: unknown target '$target' (no seed corpus Fuzz/Corpus/$target)" >&2
  exit 2
fi

cd "$fuzz" || exit 1
echo "== building $target (debug, -sanitize=fuzzer,address)"
if ! swift build -c debug --scratch-path .build --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address --product "$target"; then
  echo "fuzz.sh: FAILED: the build of $target failed" >&2
  exit 1
fi

run="$fuzz/.build/runs/$target"
findings="$run/findings"
rm -rf "$run"
mkdir -p "$findings" "$fuzz/.build/findings/$target"
cp -R "Corpus/$target" "$run/corpus"
seeds=$(find "$run/corpus" -type f | wc -l | tr -d ' ')
log="$run/fuzz.log"

# FuzzImport feeds FoundationXML's XMLParser malformed XML, and XMLParser leaks a few bytes per parse error
# (suppressed in Fuzz/lsan-suppressions.txt); LeakSanitizer's per-input heap scan that each such input
# starts cut the rate to about 9 inputs a second. Leak checking is off for it; memory stays bounded by
# -rss_limit_mb. `FUZZ_LEAKS=1 Scripts/fuzz.sh FuzzImport N` runs it with leak checking.
extra=()
if [ "$target" = FuzzImport ] && [ "${FUZZ_LEAKS:-0}" != 1 ]; then extra=(-detect_leaks=0); fi

echo "== running $target for ${seconds}s on a copy of Fuzz/Corpus/$target ($seeds seeds)"
(
  cd "$run" || exit 1
  SWIFT_BACKTRACE=enable=no LSAN_OPTIONS="suppressions=$fuzz/lsan-suppressions.txt" "$fuzz/.build/debug/$target" \
    -max_total_time="$seconds" -max_len=4096 -timeout=2 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$findings/" "${extra[@]}" corpus
) >"$log" 2>&1
status=$?

# Show the start and the end of the log (the middle is libFuzzer's progress lines).
head -n 12 "$log"
echo "   …"
tail -n 25 "$log"

failed=0
counters=$(sed -n 's/^INFO: Loaded 1 modules *(\([0-9][0-9]*\) inline 8-bit counters).*/\1/p' "$log" | head -n 1)
if [ -z "$counters" ] || [ "$counters" -le 0 ]; then
  echo "fuzz.sh: FAILED: no 'INFO: Loaded 1 modules (N inline 8-bit counters)' with N > 0: $target is not instrumented" >&2
  failed=1
fi
if grep -Eq '==[0-9]+== ?ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|^SUMMARY: (libFuzzer|AddressSanitizer)|deadly signal|^FINDING:|Fatal error' "$log" \
   || [ "$status" -ne 0 ]; then
  echo "fuzz.sh: FAILED: libFuzzer reported a finding (exit status $status); reproducer(s):" >&2
  ls -1 "$findings" >&2
  cp "$findings"/* "$fuzz/.build/findings/$target/" 2>/dev/null
  grep -E '^FINDING:|^  input:|Fatal error|ERROR:' "$log" | head -n 10 >&2
  failed=1
fi

execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
added=$(sed -n 's/^stat::new_units_added: *//p' "$log" | tail -n 1)
corpus=$(find "$run/corpus" -type f | wc -l | tr -d ' ')
cov=$(grep -Eo 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -n 1)
echo "== $target: ${seconds}s, ${execs:-?} executions, counters ${counters:-0}, ${cov:-cov: ?}, corpus $seeds → $corpus files (${added:-?} new units), status $([ $failed -eq 0 ] && echo 'no findings' || echo 'FAILED')"
exit $failed
