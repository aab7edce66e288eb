#!/usr/bin/env bash
# Runs pyjit's tests on a GPU machine from a build made elsewhere (the device
# machine has no compiler): the GPU GoogleTests, every pytest test, the pytest
# tests marked gpu on their own (for their count), and the conformance cases.
#   usage: scripts/gpu-check.sh BUILD_DIR [CONFORMANCE_DIR]
#   BUILD_DIR        a scikit-build tree: BUILD_DIR/python (the pyjit package with
#                    its extension) and BUILD_DIR/tests/runtime/pyjit_runtime_tests
#   CONFORMANCE_DIR  a copy of the conformance runner (run.py, cases/), optional
# Logs go to $OUT (the device tool's output folder), else ./gpu-logs; the summary
# lines are printed at the end. PYTHON defaults to /opt/torch/.venv/bin/python.
# GPU_TESTS=count counts the gpu-marked tests by collection instead of running
# them a second time (they ran in the full pytest run): about 80 s less device time.
set -uo pipefail
build=$(cd "$1" && pwd)
conf=${2:-}
out=${OUT:-gpu-logs}
mkdir -p "$out"
py=${PYTHON:-/opt/torch/.venv/bin/python}
export PYTHONPATH=$build/python
git rev-parse --short HEAD > "$out/commit.txt" 2>/dev/null || true
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/gpu.txt" 2>&1
"$build/tests/runtime/pyjit_runtime_tests" --gtest_filter='GPU*' > "$out/gtest.log" 2>&1
"$py" -m pytest -q -ra tests/python > "$out/pytest.log" 2>&1
if [ "${GPU_TESTS:-run}" = count ]; then
  "$py" -m pytest -q -m gpu --co tests/python > "$out/pytest-gpu.log" 2>&1
else
  "$py" -m pytest -q -m gpu tests/python > "$out/pytest-gpu.log" 2>&1
fi
if [ -n "$conf" ]; then
  (cd "$conf" && "$py" run.py --impl pyjit) > "$out/conformance.log" 2>&1
fi
echo "commit: $(cat "$out/commit.txt" 2>/dev/null)  gpu: $(cat "$out/gpu.txt")"
echo "gtest GPU*:  $(grep -E '^\[  (PASSED|FAILED)  \]' "$out/gtest.log" | tr '\n' ' ')"
echo "pytest:      $(tail -n 1 "$out/pytest.log")"
grep -E '^(FAILED|ERROR) ' "$out/pytest.log" | head -n 20
echo "pytest -m gpu: $(tail -n 1 "$out/pytest-gpu.log")"
[ -n "$conf" ] && echo "conformance: $(tail -n 2 "$out/conformance.log" | tr '\n' ' ')"
exit 0
