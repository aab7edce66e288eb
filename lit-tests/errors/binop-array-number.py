# Arithmetic on whole arrays is not supported: `a + 1` is an error at the
# expression, naming both operand types, with a note at the array parameter
# saying that kernels compute on elements.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = (a + 1)[0]

# CHECK: {{.*}}binop-array-number.py:12:13: error: unsupported operand types for +: array(float32, 1d, C) and int64
# CHECK-NEXT: {{^}}    a[0] = (a + 1)[0]{{$}}
# CHECK-NEXT: {{^}}            ^~~~~{{$}}
# CHECK-NEXT: {{.*}}binop-array-number.py:12:13: note: 'a' is a whole array: a kernel computes on its elements, each thread its own (i = cuda.grid(1), then a[i]), not on whole arrays as NumPy does
# CHECK-NEXT: {{^}}    a[0] = (a + 1)[0]{{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
# CHECK-NOT: error
