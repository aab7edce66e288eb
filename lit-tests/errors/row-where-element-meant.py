# `m[i]` of a 2-d array is a row: an operator that cannot take it gets a note
# at the subscript saying so, not only the types (a new user's `2 * m[i]`
# said "unsupported operand types for *: int64 and array(float32, 1d, C)").
#
# RUN: not %pyjitc %s --sig 'k(float32[:, ::1], float32[:, ::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(m, out):
    i, j = cuda.grid(2)
    out[i, j] = 2 * m[i]
    if m[i] > 0.5:
        out[i, j] = 1

# CHECK: row-where-element-meant.py:13:17: error: unsupported operand types for *: int64 and array(float32, 1d, C)
# CHECK: row-where-element-meant.py:13:21: note: this indexes 1 of the array's 2 dimensions, so it is an array(float32, 1d, C), not an element: index every dimension for an element (a[i, j])
# CHECK-NEXT: {{^}}    out[i, j] = 2 * m[i]{{$}}
# CHECK-NEXT: {{^}}                    ^~~~{{$}}
# CHECK: row-where-element-meant.py:14:8: error: cannot compare array(float32, 1d, C) and float64 with '>'
# CHECK: row-where-element-meant.py:14:8: note: this indexes 1 of the array's 2 dimensions
