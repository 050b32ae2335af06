#!/usr/bin/env bash
# Runs API tests on PGlite at fixed fake clocks (libfaketime), so a test that depends on the hour or the
# date fails here instead of on an evening. Usage: at-fake-clocks.sh [vitest file filters…]
#   FAKE_CLOCKS: the clocks, ';'-separated (UTC). The defaults:
#     2026-12-02 22:15:00  a quarter past ten UTC: "in 90 minutes" is tomorrow in a UTC shop
#     2027-03-14 06:45:00  01:45 in New York on the night its clocks spring forward (02:00 -> 03:00)
#     2026-11-01 05:30:00  01:30 EDT in New York, half an hour before 01:00-01:59 happens again (fall back)
# PGlite runs inside Node, so its now() is faked with Node's clock; PostgreSQL's would not be, so only the
# pglite project runs here. Time runs on from each clock (FAKETIME_DONT_RESET: the workers do not restart it).
#   FAKE_CLOCKS_SIDE_BY_SIDE=1: the clocks' runs at once, one Vitest worker each, their output printed
#     after (CI: the two cores stay busy through each run's start and its last file, which one run
#     with two workers leaves half idle).
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v faketime >/dev/null; then
  echo "faketime is not installed (apt-get install faketime)" >&2
  exit 1
fi
IFS=';' read -r -a clocks <<<"${FAKE_CLOCKS:-2026-12-02 22:15:00;2027-03-14 06:45:00;2026-11-01 05:30:00}"
at_clock() {
  TZ=UTC FAKETIME_DONT_RESET=1 faketime "$1" npx vitest run --project pglite "${@:2}"
}
status=0
if [ "${FAKE_CLOCKS_SIDE_BY_SIDE:-0}" = 1 ]; then
  logs=$(mktemp -d)
  pids=()
  for i in "${!clocks[@]}"; do
    at_clock "${clocks[$i]}" --maxWorkers=1 "$@" >"$logs/$i.log" 2>&1 &
    pids+=($!)
  done
  for i in "${!clocks[@]}"; do
    wait "${pids[$i]}" || status=1
    echo "── API tests at a fake clock of ${clocks[$i]} UTC"
    cat "$logs/$i.log"
  done
  rm -rf "$logs"
  exit $status
fi
for clock in "${clocks[@]}"; do
  echo "── API tests at a fake clock of ${clock} UTC"
  at_clock "${clock}" "$@" || status=1
done
exit $status
