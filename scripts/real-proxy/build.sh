#!/usr/bin/env bash
# Builds the real CLIProxyAPI (the release the project pins) from its Go module, for tests and local runs, into a
# cache folder outside the repository. Skipped when the binary is already there. Needs Go; nothing is committed:
# not the binary, not its source.
#
#   ROUNDTABLE_CLIPROXYAPI_CACHE  cache root (default ${XDG_CACHE_HOME:-~/.cache}/roundtable-cliproxyapi)
#
# Prints the binary's path on its last line.
set -euo pipefail

VERSION=v7.2.140
MODULE=github.com/router-for-me/CLIProxyAPI/v7
CACHE=${ROUNDTABLE_CLIPROXYAPI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/roundtable-cliproxyapi}
OUT="$CACHE/$VERSION"
BIN="$OUT/cli-proxy-api"

version_of() { "$1" -h 2>&1 | sed -n 1p || true; }

if [ -x "$BIN" ] && [[ "$(version_of "$BIN")" == *"Version: $VERSION,"* ]]; then
  echo "CLIProxyAPI $VERSION already built"
  echo "$BIN"
  exit 0
fi

if ! command -v go >/dev/null; then
  echo "Go is not installed: cannot build CLIProxyAPI $VERSION (the tests against the real proxy will be skipped)." >&2
  exit 1
fi

echo "building CLIProxyAPI $VERSION with $(go version)"
# `go install …@version` needs a version-list lookup the module proxy here refuses; downloading the exact version
# and building it in place works. The module cache is read-only unless told otherwise, which breaks cleanup.
export GOFLAGS="-modcacherw -buildvcs=false"
go mod download "$MODULE@$VERSION"
SRC=$(go list -m -f '{{.Dir}}' "$MODULE@$VERSION")
mkdir -p "$OUT"
TMP="$OUT/.cli-proxy-api.$$"
(cd "$SRC" && go build -trimpath -ldflags "-X main.Version=$VERSION" -o "$TMP" ./cmd/server)
mv "$TMP" "$BIN"
version_of "$BIN"
echo "$BIN"
