#!/usr/bin/env bash
# The one test command: type check, lint, unit and integration tests, production build, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

# Installs Debian packages the suites need when they are missing: as root with apt-get, else stops with what to run.
# $1: what it installs (for the line printed), $2: the line printed when it cannot install, the rest: the packages.
install_or_stop() {
  local installing=$1 refusal=$2
  shift 2
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "installing Debian's $installing"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  else
    echo "$refusal" >&2
    exit 1
  fi
}

if [ ! -x /usr/bin/chromium ]; then
  install_or_stop "chromium for the browser tests" \
    "the browser tests need Debian's Chromium at /usr/bin/chromium: run 'sudo apt-get install chromium' and try again" \
    chromium fonts-dejavu-core
fi

# The PostgreSQL suites start throwaway servers from Debian's PostgreSQL 15 + PostGIS 3 + pgRouting (tests/support/global-postgres.ts).
if [ -z "${TEST_DATABASE_URL:-}" ] && { [ ! -x /usr/lib/postgresql/15/bin/initdb ] || [ ! -f /usr/share/postgresql/15/extension/postgis.control ] || [ ! -f /usr/share/postgresql/15/extension/pgrouting.control ]; }; then
  install_or_stop "PostgreSQL 15, PostGIS 3 and pgRouting for the PostgreSQL suites" \
    "the PostgreSQL suites need PostgreSQL 15, PostGIS 3 and pgRouting: run 'sudo apt-get install postgresql-15 postgresql-15-postgis-3 postgresql-15-pgrouting' and try again (or set TEST_DATABASE_URL)" \
    postgresql-15 postgresql-15-postgis-3 postgresql-15-pgrouting
fi

# The Redis suites start a throwaway server from Debian's redis-server (tests/support/global-redis.ts).
if [ -z "${TEST_REDIS_URL:-}" ] && [ ! -x /usr/bin/redis-server ]; then
  install_or_stop "redis-server for the Redis suites" \
    "the Redis suites need Redis: run 'sudo apt-get install redis-server' and try again (or set TEST_REDIS_URL)" \
    redis-server
fi

# The road import tests read OpenStreetMap extracts through Debian's osmium-tool (lib/roads/import/osm-source.ts).
if ! command -v osmium >/dev/null; then
  install_or_stop "osmium-tool for the road import tests" \
    "the road import tests need osmium-tool: run 'sudo apt-get install osmium-tool' and try again" \
    osmium-tool
fi

# The map import makes vector tiles with Debian's tilemaker (lib/map/import/make-tiles.ts).
if ! command -v tilemaker >/dev/null; then
  install_or_stop "tilemaker for the map import tests" \
    "the map import tests need tilemaker: run 'sudo apt-get install tilemaker' and try again" \
    tilemaker
fi

# A real OpenStreetMap extract to import and route on: West Oakland, shipped by Debian's osmnx documentation.
if [ ! -f /usr/share/doc/python-osmnx-doc/examples/tests/input_data/West-Oakland.osm.bz2 ]; then
  install_or_stop "python-osmnx-doc for its West Oakland OpenStreetMap extract (road tests)" \
    "the road tests route on West-Oakland.osm.bz2 of python-osmnx-doc: run 'sudo apt-get install python-osmnx-doc' and try again" \
    python-osmnx-doc
fi

mkdir -p test-results
# Each step's time is printed when it ends: a slow step shows in CI's log.
current_step=""
step_started=0
step() {
  if [ -n "$current_step" ]; then echo "== $current_step: $((SECONDS - step_started)) s"; fi
  current_step="$*"
  step_started=$SECONDS
  if [ -n "$current_step" ]; then echo; echo "== $current_step"; fi
}
step "type check"; npm run --silent typecheck
step "lint"; npm run --silent lint
step "unit and integration tests"; npx vitest run --reporter=default --reporter=json --outputFile=test-results/vitest.json
step "production build"; npm run --silent build
step "browser tests"; npx playwright test
step ""
echo "== npm test: $SECONDS s"
node scripts/test-summary.mjs
