# Arithmetic on whole arrays is not supported: `a + 1` is an error at the
# expression, naming both operand types.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = (a + 1)[0]

# CHECK: {{.*}}binop-array-number.py:11:13: error: unsupported operand types for +: array(float32, 1d, C) and int64
# CHECK-NEXT: {{^}}    a[0] = (a + 1)[0]{{$}}
# CHECK-NEXT: {{^}}            ^~~~~{{$}}
# CHECK-NOT: error
