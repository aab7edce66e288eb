# min/max choose like Python: min(a, b) is `b if b < a else a`, so of equal
# values the first wins (min(0.0, -0.0) is 0.0, max(-0.0, 0.0) is -0.0) and
# a NaN first argument is kept while a NaN second argument is ignored.
# Constant operands fold.
#
# RUN: %pyjitc %s --sig 'k(float64[::1])' --emit=llvm | FileCheck %s

import math

from pyjit import cuda


@cuda.jit
def k(out):
    out[0] = min(0.0, -0.0)
    out[1] = max(-0.0, 0.0)
    out[2] = min(math.nan, 1.0)
    out[3] = min(1.0, math.nan)
    out[4] = max(2, 7, 3)

# CHECK-LABEL: define {{.*}}void @k(
# CHECK: store double 0.000000e+00, ptr addrspace(1) %out.data
# CHECK: store double -0.000000e+00,
# CHECK: store double 0x7FF8000000000000,
# CHECK: store double 1.000000e+00,
# CHECK: store double 7.000000e+00,
