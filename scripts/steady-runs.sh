#!/usr/bin/env bash
# Runs the whole suite RUNS times in a row (default 5) beside a CPU hog (one bounded busy loop per
# core), to show it passes on a loaded machine; stops at the first failure. Prints each run's time
# and result; each run's output is kept in test-artifacts/steady/run-N.log. Arguments after RUNS go to
# `npm test --` (a file, a folder, `--project e2e`), to repeat just those beside the hog. See docs/testing.md.
set -uo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-5}"
shift $(($# > 0 ? 1 : 0))
mkdir -p test-artifacts/steady
hogs=()
for _ in $(seq "$(nproc)"); do
  node -e 'const end = Date.now() + 4 * 3600_000; while (Date.now() < end) {}' &
  hogs+=("$!")
done
trap 'kill "${hogs[@]}" 2>/dev/null' EXIT
for run in $(seq "$RUNS"); do
  started=$(date +%s)
  if [ "$#" -gt 0 ]; then npm test -- "$@"; else npm test; fi > "test-artifacts/steady/run-$run.log" 2>&1
  status=$?
  echo "run $run: exit $status in $(( $(date +%s) - started )) s, $(sed 's/\x1b\[[0-9;]*m//g' "test-artifacts/steady/run-$run.log" | grep -aE '^\s+(Tests|Duration) ' | xargs)"
  [ "$status" -eq 0 ] || exit "$status"
done
