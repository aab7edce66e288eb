# range() takes integers: a float bound is an error at that argument.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, x):
    for i in range(x):
        a[i] = 0

# CHECK: {{.*}}range-float-argument.py:10:20: error: range() arguments must be integers, not float32
# CHECK-NEXT: {{^}}    for i in range(x):{{$}}
# CHECK-NEXT: {{^}}                   ^{{$}}
# CHECK-NOT: error
