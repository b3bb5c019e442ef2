#!/usr/bin/env bash
# Runs each doctest suite given, then prints one closing line "N passed, N failed"
# (test cases over all suites). Exits non-zero if any suite failed or crashed.
set -u
passed=0; failed=0; broken=0
for suite in "$@"; do
  echo "=== $suite"
  out=$("$suite" 2>&1); rc=$?
  echo "$out" | tail -n 40
  line=$(echo "$out" | grep -E '^\[doctest\] test cases:' | tail -n 1)
  p=$(echo "$line" | sed -nE 's/.*\| *([0-9]+) passed.*/\1/p')
  f=$(echo "$line" | sed -nE 's/.*\| *([0-9]+) failed.*/\1/p')
  if [ -z "$p" ] || [ -z "$f" ]; then
    echo "!!! $suite ended without a doctest summary (exit code $rc)"; broken=$((broken + 1)); continue
  fi
  passed=$((passed + p)); failed=$((failed + f))
  [ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && { echo "!!! $suite exited with code $rc"; broken=$((broken + 1)); }
done
[ "$broken" -gt 0 ] && echo "$broken suite(s) did not finish cleanly"
echo "$passed passed, $((failed + broken)) failed"
[ "$failed" -eq 0 ] && [ "$broken" -eq 0 ]
