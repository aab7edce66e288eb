# The index of an atomic on a 2-d array is a tuple of integers: (i, j)
# addresses the element like a[i, j] (negative indices wrap the same way).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float64[:, ::1], int64, int32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float64[:, ::1], int64, int32)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(m, i, j):
    cuda.atomic.add(m, (i, j), 1.0)

# IR-LABEL: func @k(
# IR: [[I:%[0-9]+]] = select {{%[0-9]+}}, {{%[0-9]+}}, %i : int64
# IR: [[J:%[0-9]+]] = cast %j : int32 -> int64
# IR: [[JW:%[0-9]+]] = select {{%[0-9]+}}, {{%[0-9]+}}, [[J]] : int64
# IR: cuda.atomic.add %m, [[I]], [[JW]], {{%[0-9]+}} : float64
