#!/usr/bin/env bash
# Builds the libFuzzer target over the frontend and type inference with clang
# (ASan + UBSan) and runs it on a seed corpus of the functions of the lit
# inputs, examples and pytest files (scripts/fuzz_seeds.py).
#   scripts/fuzz.sh [seconds=100] [extra libFuzzer flags...]
# The run is bounded by time and by a fixed number of inputs from a fixed
# seed (FUZZ_RUNS, default 20000), so a passing run here passes again.
# Fails on any crash, hang (-timeout), leak or sanitizer report.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-100}
shift || true
CXX=${FUZZ_CXX:-clang++-14}
CC=${FUZZ_CC:-clang-14}
build=build/fuzz
cmake -S . -B "$build" -DPYJIT_FUZZ_ONLY=ON -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_C_COMPILER="$CC" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$build.log" 2>&1 || { cat "$build.log"; exit 1; }
cmake --build "$build" -j2 --target pyjit_frontend_fuzzer >>"$build.log" 2>&1 || { tail -n 40 "$build.log"; exit 1; }
corpus=$build/corpus
rm -rf "$corpus"
find lit-tests examples tests/python -name '*.py' ! -name 'lit.cfg.py' -print0 |
  xargs -0 python3 scripts/fuzz_seeds.py "$corpus"
echo "   at most ${FUZZ_RUNS:-20000} runs or ${seconds} s"
"$build/tests/fuzz/pyjit_frontend_fuzzer" "$corpus" -max_total_time="$seconds" -timeout=10 \
  -seed=1 -runs="${FUZZ_RUNS:-20000}" \
  -rss_limit_mb=4096 -max_len=4096 -print_final_stats=1 "$@" 2>&1 |
  sed '/Recommended dictionary/,/End of recommended dictionary/d' | tail -n 25
