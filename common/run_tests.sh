#!/usr/bin/env bash
# Runs each doctest suite given, printing the end of its output and its time (and, for a suite
# that failed, its failed checks), then one closing line "N passed, N failed"
# (test cases over all suites), after the failed checks again, so that the end of a
# long log names them. Exits non-zero if any suite failed or crashed.
# A word "--part NAME" starts a part: its suites are headed and summed up by NAME
# (make test: the kit's suites, then the suites of Strategy/).
set -u
passed=0; failed=0; broken=0
part=""; part_passed=0; part_failed=0
summaries=()
failures=()
end_part() {
  [ -n "$part" ] && summaries+=("--- $part: $part_passed passed, $part_failed failed")
  part_passed=0; part_failed=0
}
while [ $# -gt 0 ]; do
  if [ "$1" = "--part" ]; then
    end_part; part=$2; shift 2
    echo "##### $part"; continue
  fi
  suite=$1; shift
  echo "=== $suite"
  start=$SECONDS
  out=$("$suite" 2>&1); rc=$?
  echo "$out" | tail -n 40
  echo "(${suite##*/}: $((SECONDS - start)) s)"
  # A failing suite's end may not show what failed: its failed checks, with their test cases.
  if [ "$rc" -ne 0 ]; then
    what=$(echo "$out" | grep -E '^TEST CASE:|^  [A-Za-z].*:$|: (ERROR|FATAL ERROR):|^  values:|^  logged: ' | tail -n 60)
    echo "--- what failed in $suite:"
    echo "$what"
    # Again at the end: its checks or, if none is named (a crash), its last lines.
    [ -z "$what" ] && what=$(echo "$out" | tail -n 5)
    failures+=("--- what failed in $suite (exit code $rc):" "$(echo "$what" | tail -n 20)")
  fi
  line=$(echo "$out" | grep -E '^\[doctest\] test cases:' | tail -n 1)
  p=$(echo "$line" | sed -nE 's/.*\| *([0-9]+) passed.*/\1/p')
  f=$(echo "$line" | sed -nE 's/.*\| *([0-9]+) failed.*/\1/p')
  if [ -z "$p" ] || [ -z "$f" ]; then
    echo "!!! $suite ended without a doctest summary (exit code $rc)"; broken=$((broken + 1))
    part_failed=$((part_failed + 1)); continue
  fi
  passed=$((passed + p)); failed=$((failed + f))
  part_passed=$((part_passed + p)); part_failed=$((part_failed + f))
  [ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && { echo "!!! $suite exited with code $rc"; broken=$((broken + 1)); part_failed=$((part_failed + 1)); }
done
end_part
for failure in "${failures[@]}"; do echo "$failure"; done
for summary in "${summaries[@]}"; do echo "$summary"; done
[ "$broken" -gt 0 ] && echo "$broken suite(s) did not finish cleanly"
echo "$passed passed, $((failed + broken)) failed"
[ "$failed" -eq 0 ] && [ "$broken" -eq 0 ]
