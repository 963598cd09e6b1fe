#!/usr/bin/env bash
# `npm test`: every check, failing if any fails. The typecheck, the lint and the builds (with the
# Firefox build's lint) need nothing from each other and are each mostly one process on one core,
# so they run at the same time (on 2 cores, about 30 s less than one after the other); each one's
# output is kept apart and printed whole once it ends, so it reads as before. Then the unit tests,
# then the end-to-end tests, which need the builds, each alone: their timings must not share the
# machine with anything but themselves.
set -uo pipefail
cd "$(dirname "$0")/.."

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# In: a step's name, then its command. Runs it in the background, its output in $logs/<name>.
start_step() {
  local name=$1
  shift
  ("$@" >"$logs/$name" 2>&1; echo $? >"$logs/$name.status") &
}

start_step typecheck npm run typecheck
start_step lint npm run lint
start_step build sh -c 'npm run build && npm run lint:firefox'
wait

failed=0
for name in typecheck lint build; do
  status=$(cat "$logs/$name.status")
  echo "=== $name (exit $status)"
  cat "$logs/$name"
  [ "$status" = 0 ] || failed=1
done
if [ "$failed" != 0 ]; then
  echo "npm test: a step above failed" >&2
  exit 1
fi

npm run test:unit && npm run test:e2e
