#!/usr/bin/env bash
# Installs the official CLIs the project pins (Claude Code, Codex, Gemini CLI) from the npm registry into a cache
# folder outside the repository, for the conformance suite and the e2e test that seat them. Each version has a folder
# of its own, so bumping one leaves the others; an installed one is skipped. Nothing here is shipped or committed.
#
#   ROUNDTABLE_CLIS_CACHE  cache root (default ${XDG_CACHE_HOME:-~/.cache}/roundtable-clis)
#
# Keep the versions in step with packages/testkit/src/real/realClis.ts.
set -euo pipefail

CACHE=${ROUNDTABLE_CLIS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/roundtable-clis}
PINNED=(
  "@anthropic-ai/claude-code@2.1.328 claude"
  "@openai/codex@0.169.0 codex"
  "@google/gemini-cli@0.61.0 gemini"
)

for entry in "${PINNED[@]}"; do
  read -r spec program <<<"$entry"
  dir="$CACHE/${spec//\//+}"
  bin="$dir/node_modules/.bin/$program"
  if [ -x "$bin" ] && "$bin" --version >/dev/null 2>&1; then
    echo "$spec already installed: $("$bin" --version | head -1)"
    continue
  fi
  echo "installing $spec"
  rm -rf "$dir"
  mkdir -p "$dir"
  # Install scripts stay off; Claude Code's own postinstall is run by hand: it only copies the native binary from its
  # platform package (already downloaded as an optional dependency) over the launcher's placeholder.
  npm install --prefix "$dir" --no-audit --no-fund --no-save --ignore-scripts --loglevel=error "$spec" >/dev/null
  if [ "$program" = claude ]; then
    (cd "$dir/node_modules/@anthropic-ai/claude-code" && node install.cjs >/dev/null)
  fi
  echo "$spec: $("$bin" --version | head -1)"
done
