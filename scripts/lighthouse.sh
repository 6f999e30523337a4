#!/usr/bin/env bash
# Lighthouse performance and accessibility of every screen of the web client, mobile and desktop form factors.
#
#   bash scripts/lighthouse.sh              # build, serve on a free port of 127.0.0.1, audit, print a table
#   LIGHTHOUSE_DIR=/tmp/lh bash scripts/lighthouse.sh   # reuse an earlier Lighthouse install
#   SKIP_BUILD=1 LIGHTHOUSE_SCREENS=start,rules-short bash scripts/lighthouse.sh   # only these screens
# Screens: start, local-table, rules-short, rules-full, house-rules, replay, online-table.
#
# Lighthouse is installed into a temporary folder, never into the repository's dependencies, and runs Debian's
# Chromium (CHROME_PATH, default /usr/bin/chromium; scripts/ensure-chromium.sh installs it): no browser is
# downloaded. Reports (HTML per screen and summary.md) go to artifacts/lighthouse/. Exits 1 when a score is below 90.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
export PUPPETEER_SKIP_DOWNLOAD=1
[ -x "$CHROME_PATH" ] || { echo "no Chromium at $CHROME_PATH (run scripts/ensure-chromium.sh)" >&2; exit 2; }

LH_DIR="${LIGHTHOUSE_DIR:-$(mktemp -d -t schwimmen-lighthouse-XXXXXX)}"
if [ ! -d "$LH_DIR/node_modules/lighthouse" ]; then
  echo "installing Lighthouse into $LH_DIR" >&2
  (cd "$LH_DIR" && { [ -f package.json ] || npm init -y >/dev/null; } && npm install --no-audit --no-fund --silent lighthouse)
fi

if [ -z "${SKIP_BUILD:-}" ]; then
  # The browser tests build under this lock folder too: one build at a time.
  LOCK="${TMPDIR:-/tmp}/schwimmen-web-build.lock"
  got=""
  for _ in $(seq 1 600); do
    if mkdir "$LOCK" 2>/dev/null; then got=1 && break; fi
    sleep 0.5
  done
  [ -n "$got" ] || { echo "another build holds $LOCK" >&2; exit 1; }
  (cd "$ROOT" && NODE_ENV=production npm run build >/dev/null) || { rmdir "$LOCK"; exit 1; }
  rmdir "$LOCK"
fi

DATA="$(mktemp -d -t schwimmen-lighthouse-data-XXXXXX)"
PORT="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
HOST=127.0.0.1 PORT="$PORT" DB_PATH="$DATA/lighthouse.db" LOG_LEVEL=warn node "$ROOT/packages/server/dist/main.js" &
SERVER=$!
cleanup() {
  kill "$SERVER" 2>/dev/null || true
  wait "$SERVER" 2>/dev/null || true
  rm -rf "$DATA"
}
trap cleanup EXIT
for _ in $(seq 1 100); do
  curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break
  sleep 0.2
done

OUT="$ROOT/artifacts/lighthouse"
mkdir -p "$OUT"
node "$ROOT/scripts/lighthouse-flow.mjs" "http://127.0.0.1:$PORT" "$LH_DIR" "$OUT"
