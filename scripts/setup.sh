#!/usr/bin/env bash
# Quick start, step 1: install dependencies, build and install pyjit, run the main job:
# the Sobel example, on the GPU when one is present, otherwise on pyjit's CPU backend
# (and its PTX from pyjitc, to show the GPU code).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh
source .venv/bin/activate
if python -c 'import sys; from pyjit import cuda; sys.exit(0 if cuda.is_available() else 1)'; then
  echo "== GPU found: python examples/sobel.py"
  python examples/sobel.py
else
  echo "== no GPU found: python examples/sobel.py (on the CPU backend)"
  python examples/sobel.py
  echo "== and its PTX for the GPU: pyjitc examples/sobel.py --emit=ptx -o sobel.ptx"
  pyjitc examples/sobel.py --emit=ptx -o sobel.ptx
  grep -c . sobel.ptx | xargs echo "sobel.ptx: lines:"
fi
