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
# PYTEST_SHARDS=N runs the pytest files in N processes at once (every Nth file
# each; logs pytest.K.log, their summaries added up in pytest.log's last line):
# the device machine has 16 cores, and the suite takes ~4 minutes in one.
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
shards=${PYTEST_SHARDS:-1}
if [ "$shards" -gt 1 ]; then
  files=(tests/python/test_*.py)
  for ((s = 0; s < shards; s++)); do
    part=()
    for ((i = s; i < ${#files[@]}; i += shards)); do part+=("${files[i]}"); done
    "$py" -m pytest -q -ra -p no:cacheprovider "${part[@]}" > "$out/pytest.$s.log" 2>&1 &
  done
  wait
  cat "$out"/pytest.[0-9]*.log > "$out/pytest.log"
  # (one summary line: each shard's last line's counts added up)
  for ((s = 0; s < shards; s++)); do tail -n 1 "$out/pytest.$s.log"; done | "$py" -c '
import re, sys
total = {}
for line in sys.stdin:
    for n, what in re.findall(r"(\d+) (passed|failed|skipped|errors?|xfailed|xpassed|warnings?)", line):
        total[what] = total.get(what, 0) + int(n)
print(", ".join("%d %s" % (n, w) for w, n in total.items()) + " (in %s shards)" % sys.argv[1])
' "$shards" >> "$out/pytest.log"
else
  "$py" -m pytest -q -ra tests/python > "$out/pytest.log" 2>&1
fi
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
