# An operator that cannot take a local holding an array notes the assignment
# that made it one (`v = m[i]` of a 2-d m: a row, where an element was meant).
#
# RUN: not %pyjitc %s --sig 'k(float32[:, ::1], float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(m, out):
    i = cuda.grid(1)
    v = m[i]
    out[i] = v + 1.0

# CHECK: array-local-in-operator-notes-its-assignment.py:13:14: error: unsupported operand types for +: array(float32, 1d, C) and float64
# CHECK: array-local-in-operator-notes-its-assignment.py:12:5: note: 'v' is an array(float32, 1d, C) because of this assignment
# CHECK-NEXT: {{^}}    v = m[i]{{$}}
