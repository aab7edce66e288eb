# A variable assigned different strings on paths that meet would hold a
# string known only at run time, which kernels lack (strings are
# compile-time constants); the error says so and suggests int tags.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1], int32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(vals, out):
    i = cuda.grid(1)
    kind = "none"
    if vals[i] > 0:
        kind = "positive"
    out[i] = kind == "positive"

# CHECK: {{.*}}string-variable-on-two-paths.py:13:5: error: variable 'kind' would hold a string known only at run time (strings assigned on different paths reach one read of it): kernels keep strings as compile-time constants and have no run-time strings (numba-cuda's unicode_type); tag the cases with ints or IntEnum members instead
# CHECK-NEXT: {{^}}    kind = "none"{{$}}
# CHECK-NEXT: {{^}}    ^~~~{{$}}
