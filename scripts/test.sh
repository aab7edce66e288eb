#!/usr/bin/env bash
# Quick start, step 2: runs every test — GoogleTest and lit (through ctest), pytest, and a
# bounded fuzzing run of the frontend (scripts/fuzz.sh). GPU tests skip with a reason where
# no GPU is found. Every part runs even if an earlier one fails; the script fails if any
# part failed, ran zero tests, or the fuzzer found something.
set -uo pipefail
cd "$(dirname "$0")/.."
source .venv/bin/activate
build=$(dirname "$(ls -d build/cp3*/CTestTestfile.cmake | head -n 1)")
failed=()
echo "== ctest (GoogleTest + lit) in $build"
ctest --test-dir "$build" --output-on-failure --no-tests=error -j2 || failed+=(ctest)
# ctest lists GoogleTest's skipped tests without their reason; print it once.
reason=$("$build/tests/runtime/pyjit_runtime_tests" --gtest_filter='GPU*' 2>&1 \
  | grep -m1 -A1 ': Skipped$' | tail -n 1)
if [ -n "$reason" ]; then echo "GoogleTest GPU* tests skipped: $reason"; fi
# Any other skipped GoogleTest test, with its reason (one as root: permissions
# do not stop a root process writing a read-only directory).
for t in "$build"/tests/pyjit_*_tests "$build"/tests/runtime/pyjit_runtime_tests; do
  [ -x "$t" ] && "$t" --gtest_filter='-GPU*' 2>&1 | awk '
    /: Skipped$/ { getline reason; next }
    /^\[  SKIPPED \] [^ ]+ \(/ && reason != "" { print "GoogleTest " $4 " skipped: " reason; reason = "" }'
done
echo "== pytest"
python -m pytest -rfEX tests/python || failed+=(pytest)
# The kernel-execution tests again, on the CPU backend alone, for their count
# (without a GPU these are the kernels that actually ran).
echo "== pytest: kernel-execution tests on the CPU backend"
python -m pytest -q tests/python -m "not gpu" -k "cpu" | tail -n 1 \
  || failed+=(pytest-cpu)
# (Loading the ~3400-function seed corpus takes about a minute on two cores
# under ASan; the rest of the time mutates it.)
echo "== libFuzzer over the frontend and type inference (20000 runs from a fixed seed, at most 150 s)"
scripts/fuzz.sh 150 || failed+=(fuzz)
if [ ${#failed[@]} -ne 0 ]; then
  echo "FAILED: ${failed[*]}"
  exit 1
fi
echo "all test suites passed"
