# A warp vote's mask is an integer bitmask of lanes; a bool there (1: lane 0
# alone) is refused, as numba-cuda refuses it ("Mask type must be an integer").
#
# RUN: not %pyjitc %s --sig 'k(boolean[::1], int32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(mask, out):
    i = cuda.grid(1)
    out[i] = cuda.all_sync(mask[i], out[i])

# CHECK: {{.*}}warp-vote-mask-bool.py:12:28: error: cuda.all_sync() takes the mask of lanes as an integer (0xFFFFFFFF for the whole warp), not bool
# CHECK-NEXT: {{^}}    out[i] = cuda.all_sync(mask[i], out[i]){{$}}
# CHECK-NEXT: {{^}}                           ^~~~~~~{{$}}
