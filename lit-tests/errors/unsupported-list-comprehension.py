# A list comprehension is rejected where it is typed, over the whole
# comprehension.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    squares = [v * v for v in range(4)]
    a[0] = squares[1]

# CHECK: {{.*}}unsupported-list-comprehension.py:11:15: error: a list comprehension is not supported in kernels; a tuple holds a few values ((a, b)), cuda.local.array(n, dtype) an array
# CHECK-NEXT: {{^}}    squares = [v * v for v in range(4)]{{$}}
# CHECK-NEXT: {{^}}              ^~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: error
