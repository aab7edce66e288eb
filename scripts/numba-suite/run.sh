#!/usr/bin/env bash
# numba-cuda's own kernel tests (numba/cuda/tests/cudapy and doc_examples of
# the installed package) run against pyjit: README.md beside this file.
#   scripts/numba-suite/run.sh                  every module (rewrites the copies first)
#   scripts/numba-suite/run.sh test_atomics ... those modules of cudapy
# Environment: NUMBA_PYTHON, a Python with numba-cuda and pytest (default python3);
# PYJIT_PYTHON_DIR, pyjit's built package (default build/cur/python);
# NBSUITE_WORK, the work directory (default build/numba-suite); PYJIT_TARGET
# (default cpu); T, a module's time limit in seconds (default 900).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
py=${NUMBA_PYTHON:-python3}
pyjit_dir=$(cd "${PYJIT_PYTHON_DIR:-$repo/build/cur/python}" && pwd)
work=${NBSUITE_WORK:-$repo/build/numba-suite}
mkdir -p "$work/logs"
cd "$work"
export PYJIT_TARGET=${PYJIT_TARGET:-cpu} NBSUITE_WORK=$work
export PYTHONPATH=$pyjit_dir:$here/shim:$work
cp "$here/conftest.py" "$work/conftest.py"

run_module() {  # one test file -> logs/<dir>.<module>.log/.xml and a summary line
  local m=$1 b
  b=$(basename "$(dirname "$m")").$(basename "$m" .py)
  timeout "${T:-900}" "$py" -m pytest -q -p no:cacheprovider -rfEsx --tb=short \
    --junitxml="logs/$b.xml" "$m" > "logs/$b.log" 2>&1
  echo "$b rc=$? $(tail -n 1 "logs/$b.log")"
}

if [ $# -eq 0 ] || [ ! -d tests ]; then
  rm -rf logs && mkdir -p logs
  "$py" "$here/rewrite.py" || exit 1
fi
if [ $# -eq 0 ]; then
  for m in tests/cudapy/test_*.py tests/doc_examples/test_*.py; do run_module "$m"; done \
    | tee logs/SUMMARY
else
  for m in "$@"; do run_module "tests/cudapy/${m%.py}.py"; done
fi
"$py" "$here/triage.py" > logs/TRIAGE.txt
"$py" "$here/classify.py" -v > logs/CLASSIFY.txt
echo "one line per failure: $work/logs/TRIAGE.txt; buckets: $work/logs/CLASSIFY.txt"
