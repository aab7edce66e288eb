#!/usr/bin/env bash
# Quick start, step 1: install dependencies, build and install pyjit, run the main job:
# the Sobel example on the GPU when one is present, otherwise its PTX from pyjitc.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh
source .venv/bin/activate
if python -c 'import sys; from pyjit import cuda; sys.exit(0 if cuda.is_available() else 1)'; then
  echo "== GPU found: python examples/sobel.py"
  python examples/sobel.py
else
  echo "== no GPU found: pyjitc examples/sobel.py --emit=ptx (the CPU backend comes later)"
  pyjitc examples/sobel.py --emit=ptx
fi
