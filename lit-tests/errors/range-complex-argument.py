# range() takes integers, and floats (truncated, as numba-cuda converts
# them); a complex bound is an error at that argument.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], complex64)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, x):
    for i in range(x):
        a[i] = 0

# CHECK: {{.*}}range-complex-argument.py:11:20: error: range() arguments must be integers (or floats, which are truncated), not complex64
# CHECK-NEXT: {{^}}    for i in range(x):{{$}}
# CHECK-NEXT: {{^}}                   ^{{$}}
# CHECK-NOT: error
