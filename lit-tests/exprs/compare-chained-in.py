# A chained comparison with `in` (numba-cuda compiles `1 < x in t`): the link
# `x in t` is the membership test alone (x == t[0] or x == t[1]), over x
# evaluated once, and only when `1 < x` holds (a branch); the result is a
# bool phi.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int64, UniTuple(int64, 2))' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, x, t):
    out[0] = 1 < x in t

# CHECK-LABEL: func @k(
# CHECK: [[C1:%[0-9]+]] = cmp lt %{{[0-9]+}}, %x : bool
# CHECK-NEXT: condbr [[C1]], [[SECOND:bb[0-9]+]], [[MERGE:bb[0-9]+]]
# CHECK: [[MERGE]]:  ; preds: bb0 [[SECOND]]
# CHECK-NEXT: phi {{\[}}[[C1]], bb0], {{\[}}[[IN:%[0-9]+]], [[SECOND]]] : bool
# CHECK: [[SECOND]]:
# CHECK-NEXT: [[E0:%[0-9]+]] = cmp eq %x, %t.0 : bool
# CHECK-NEXT: [[E1:%[0-9]+]] = cmp eq %x, %t.1 : bool
# CHECK: [[IN]] = select [[E0]], %{{[0-9]+}}, [[E1]] : bool
