# A warp vote's predicate is an integer or a bool; a float is refused, as
# numba-cuda refuses it (no all_sync(mask, float64) implementation).
#
# RUN: not %pyjitc %s --sig 'k(float64[::1], int32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(x, out):
    i = cuda.grid(1)
    out[i] = cuda.all_sync(0xFFFFFFFF, x[i])

# CHECK: {{.*}}warp-vote-predicate-float.py:12:40: error: cuda.all_sync() takes its predicate as an integer or a bool, not float64; compare it, e.g. 'x != 0'
# CHECK-NEXT: {{^}}    out[i] = cuda.all_sync(0xFFFFFFFF, x[i]){{$}}
# CHECK-NEXT: {{^}}                                       ^~~~{{$}}
