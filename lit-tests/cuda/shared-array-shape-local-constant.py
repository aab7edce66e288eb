# A local assigned a constant once (`TILE = 16`) sizes a shared array, as
# numba types it Literal[int]; the local stays a strong int64 elsewhere.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>/dev/null | FileCheck %s

from pyjit import cuda, float32


@cuda.jit
def k(a):
    TILE = 16
    s = cuda.shared.array((TILE, TILE + 1), float32)
    s[0, 0] = a[0]
    a[1] = s[0, 0] + TILE

# CHECK-LABEL: func @k(
# CHECK-DAG: [[T:%[0-9]+]] = const 16 : int64
# CHECK-DAG: [[T1:%[0-9]+]] = const 17 : int64
# CHECK: alloc shared [[T]], [[T1]] : array(float32, 2d, C)
