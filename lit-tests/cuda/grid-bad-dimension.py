# cuda.grid takes a constant 1, 2 or 3: grid(4) is an error at the argument.
#
# RUN: not %pyjitc %s --sig 'k(int64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(out):
    i, j, l, m = cuda.grid(4)
    out[0] = i

# CHECK: {{.*}}grid-bad-dimension.py:10:28: error: cuda.grid() takes a constant 1, 2 or 3
# CHECK-NEXT: {{^}}    i, j, l, m = cuda.grid(4){{$}}
# CHECK-NEXT: {{^}}                           ^{{$}}
# CHECK-NOT: error
