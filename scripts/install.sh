#!/usr/bin/env bash
# Installs every dependency of pyjit on a fresh Debian/Ubuntu machine, then
# builds and installs pyjit (C++ core, extension, pyjitc) into ./.venv.
#   Debian packages: LLVM 22 (dev + tools for FileCheck/lit), zstd, GoogleTest, CMake, g++,
#                    Boost.Context (fibers of the CPU backend).
#   PyPI packages:   requirements-dev.txt (numpy, pytest, lit, scikit-build-core, ...).
# The CUDA toolkit (nvJitLink, libdevice, ptxas) is expected at /usr/local/cuda.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null; then SUDO=sudo; fi
PKGS="llvm-22-dev llvm-22-tools libzstd-dev googletest libgtest-dev cmake g++ clang-14 libclang-rt-14-dev libboost-context-dev"
missing=""
for p in $PKGS; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "== installing Debian packages:$missing"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi

PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "error: pyjit needs Python 3.11 or later; $PYTHON is $("$PYTHON" --version 2>&1)." >&2
  echo "       Name another with PYTHON=python3.12 $0" >&2
  exit 1
fi
if [ ! -x .venv/bin/python ]; then
  echo "== creating .venv with $($PYTHON --version)"
  "$PYTHON" -m venv .venv
fi
echo "== installing Python packages"
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -r requirements-dev.txt
echo "== building and installing pyjit (build directory: build/)"
.venv/bin/python -m pip install -q --no-build-isolation .
echo "== installed: $(.venv/bin/python -c 'import pyjit; print(pyjit.__file__)')"
