#!/usr/bin/env bash
# Checks pyjit's debug information with cuda-gdb on a GPU machine: a
# debug=True, opt=False kernel (scripts/cuda_gdb_probe.py) is stopped at a
# breakpoint on one of its Python lines and its variables are printed.
#   usage: scripts/cuda-gdb-probe.sh BUILD_DIR     (BUILD_DIR/python: the pyjit package)
# Prints the kernel's result, then cuda-gdb's output (the breakpoint hit,
# `info locals`, `info args`, `print s`, `print i`, `print x[1]`; then in the
# inlined device function: `backtrace`, `info args`, `print v`, and after a `next`,
# `print w`).
# PYTHON defaults to /opt/torch/.venv/bin/python.
set -uo pipefail
py=${PYTHON:-/opt/torch/.venv/bin/python}
here=$(cd "$(dirname "$0")" && pwd)
export PYTHONPATH=$(cd "$1" && pwd)/python
"$py" "$here/cuda_gdb_probe.py"
gdb=$(command -v cuda-gdb || ls /usr/local/cuda/bin/cuda-gdb 2>/dev/null)
echo "cuda-gdb: ${gdb:-none}"
[ -z "$gdb" ] && exit 0
line=$(grep -n "out\[i\] = s + i$" "$here/cuda_gdb_probe.py" | cut -d: -f1)
inner=$(grep -n "w = v + by" "$here/cuda_gdb_probe.py" | cut -d: -f1)
timeout 180 "$gdb" -batch -ex "set cuda break_on_launch none" -ex "set breakpoint pending on" \
  -ex "break cuda_gdb_probe.py:$line" -ex "break cuda_gdb_probe.py:$inner" -ex run \
  -ex "info locals" -ex "info args" -ex "print s" -ex "print i" -ex "print x[1]" \
  -ex continue -ex backtrace -ex "info args" -ex "print v" -ex "next" -ex "print w" \
  -ex "delete" -ex continue \
  --args "$py" "$here/cuda_gdb_probe.py" 2>&1 | tail -50
