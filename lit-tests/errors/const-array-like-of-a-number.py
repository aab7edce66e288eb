# cuda.const.array_like takes an array (a global NumPy array is in constant
# memory already; of a kernel argument it is the argument, as numba's); a
# number is rejected at the call.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, x):
    c = cuda.const.array_like(x)
    a[0] = c[0]

# CHECK: {{.*}}const-array-like-of-a-number.py:12:9: error: cuda.const.array_like() takes an array (a global NumPy array is in constant memory)
# CHECK-NEXT: {{^}}    c = cuda.const.array_like(x){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: error
