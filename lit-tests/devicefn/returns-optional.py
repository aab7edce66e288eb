# A device function that returns a value on one path and None on another
# returns numba's Optional: at run time a flag and the value. `v is None`
# tests the flag; reading v as a number takes the value, and None there stops
# the thread (numba's TypeError, reported in debug mode).
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit(device=True)
def positive_or_none(x):
    if x > 0:
        return x
    return None


@cuda.jit
def k(out, x):
    v = positive_or_none(x)
    if v is None:
        out[0] = -1
    out[1] = v

# CHECK-LABEL: func @k(
# CHECK: %[[GT:[0-9]+]] = cmp gt %x
# CHECK: condbr %[[GT]], bb[[SOME:[0-9]+]], bb[[NONE:[0-9]+]]
# CHECK: %[[FLAG:[0-9]+]] = phi [%[[TRUE:[0-9]+]], bb[[SOME]]], [%[[FALSE:[0-9]+]], bb[[NONE]]] : bool
# CHECK: not %[[FLAG]]
# CHECK: const True : bool
# CHECK: const False : bool
# CHECK: condbr %[[FLAG]], bb{{[0-9]+}}, bb[[STOP:[0-9]+]]
# CHECK: bb[[STOP]]:
# CHECK-NEXT: ret.stop
