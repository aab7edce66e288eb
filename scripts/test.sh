#!/usr/bin/env bash
# Quick start, step 2: runs every test — GoogleTest and lit (through ctest) and pytest.
# GPU tests skip with a reason where no GPU is found; then a bounded fuzzing run of the
# frontend (scripts/fuzz.sh). Fails on any failure, on zero tests, or on a fuzzer finding.
set -euo pipefail
cd "$(dirname "$0")/.."
source .venv/bin/activate
build=$(dirname "$(ls -d build/cp3*/CTestTestfile.cmake | head -n 1)")
echo "== ctest (GoogleTest + lit) in $build"
ctest --test-dir "$build" --output-on-failure --no-tests=error -j2
echo "== pytest"
python -m pytest -ra tests/python
echo "== libFuzzer over the frontend and type inference (60 s)"
scripts/fuzz.sh 60
