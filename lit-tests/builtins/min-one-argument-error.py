# min() of a single number is rejected (Python would need an iterable).
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = min(x)

# CHECK: {{.*}}min-one-argument-error.py:10:14: error: min() of one number is not supported in kernels (it takes two or more numbers, a tuple or a 1-d array)
# CHECK-NEXT: {{^}}    out[0] = min(x){{$}}
# CHECK-NEXT: {{^}}             ^~~~~~{{$}}
# CHECK-NOT: error
