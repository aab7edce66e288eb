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
  # LLVM 22 comes from the distribution (Debian 12 has it in bookworm-security,
  # newer releases in main); where no apt source has it, say how to add LLVM's.
  # (Read whole before grep: with pipefail, grep -q's early exit makes apt-cache's
  # further writes fail with SIGPIPE, and the pipeline with them.)
  policy=$(apt-cache policy llvm-22-dev 2>/dev/null || true)
  if ! grep -q 'Candidate: [0-9]' <<<"$policy"; then
    codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
    echo "error: no apt source offers llvm-22-dev. Add LLVM's own repository, then rerun:" >&2
    echo "  curl -fsSL https://apt.llvm.org/llvm-snapshot.gpg.key | $SUDO tee /etc/apt/trusted.gpg.d/apt.llvm.org.asc" >&2
    echo "  echo 'deb http://apt.llvm.org/$codename/ llvm-toolchain-$codename-22 main' | $SUDO tee /etc/apt/sources.list.d/llvm-22.list" >&2
    echo "(https://apt.llvm.org lists the lines for each Debian and Ubuntu release.)" >&2
    exit 1
  fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi

PYTHON_SET=${PYTHON:+1}
PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c 'import sys' >/dev/null 2>&1; then
  if command -v "$PYTHON" >/dev/null; then
    echo "error: $PYTHON does not run: $("$PYTHON" -c 'import sys' 2>&1 | head -1)" >&2
  else
    echo "error: no command $PYTHON" >&2
  fi
  echo "       Name a Python 3.11 or later that runs: PYTHON=/path/to/python3 scripts/setup.sh" >&2
  exit 1
fi
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
  echo "error: pyjit needs Python 3.11 or later; $PYTHON is $("$PYTHON" --version 2>&1)." >&2
  echo "       Name another with PYTHON=python3.12 scripts/setup.sh" >&2
  exit 1
fi
if [ -x .venv/bin/python ]; then
  # An existing .venv is kept; a PYTHON of another version asks for a new one.
  have=$(.venv/bin/python -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || echo none)
  want=$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
  if [ -n "${PYTHON_SET:-}" ] && [ "$have" != "$want" ]; then
    echo "error: .venv has Python $have, PYTHON=$PYTHON is $want; remove .venv to rebuild with it" >&2
    exit 1
  fi
else
  echo "== creating .venv with $($PYTHON --version)"
  "$PYTHON" -m venv .venv
fi
echo "== installing Python packages"
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -r requirements-dev.txt
echo "== building and installing pyjit (build directory: build/)"
.venv/bin/python -m pip install -q --no-build-isolation .
echo "== installed: $(.venv/bin/python -c 'import pyjit; print(pyjit.__file__)')"
