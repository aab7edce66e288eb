# A name assigned in several loops in a row is read in each loop through a
# phi variable of its own (the set of assignments reaching that read: s's
# first, {0.0, loop 1}, {0.0, loop 1, loop 2}, ...). Phi variables of one name
# and one type are one SSA variable, so each loop's head merges s in one phi.
# Each phi variable used to have its own SSA variable, and the first loop's
# head got three phis for s (N(N+1)/2 for N loops).
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int64)' --emit=ir -O 0 | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, n):
    s = 0.0
    for t in range(n):
        s = s * 0.5 + t
    for t in range(n):
        s = s * 0.5 + t
    for t in range(n):
        s = s * 0.5 + t
    out[0] = s

# CHECK-LABEL: func @k(
# CHECK: [[ZERO:%[0-9]+]] = const 0 : float64
# CHECK: bb1:
# CHECK-NEXT: [[S1:%[0-9]+]] = phi [[[ZERO]], bb0], [{{%[0-9]+}}, bb2] : float64
# CHECK-NOT: : float64
# CHECK: condbr
# CHECK: bb5:
# CHECK-NEXT: [[S2:%[0-9]+]] = phi [[[S1]], bb4], [{{%[0-9]+}}, bb6] : float64
# CHECK-NOT: : float64
# CHECK: condbr
# CHECK: bb9:
# CHECK-NEXT: phi [[[S2]], bb8], [{{%[0-9]+}}, bb10] : float64
# CHECK-NOT: : float64
# CHECK: condbr
