# A string known only at run time (one of several a variable is assigned on
# different paths) compares with == and != only: ordering it is an error at
# the comparison.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1], int32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(vals, out):
    i = cuda.grid(1)
    kind = "a"
    if vals[i] > 0:
        kind = "b"
    out[i] = kind < "b"

# CHECK: {{.*}}runtime-string-ordering.py:16:14: error: a string known only at run time compares with '==' and '!=' in kernels
# CHECK-NEXT: {{^}}    out[i] = kind < "b"{{$}}
# CHECK-NEXT: {{^}}             ^~~~~~~~~~{{$}}
