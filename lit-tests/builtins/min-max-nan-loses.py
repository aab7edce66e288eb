# min/max of floats are numba.cuda's: libdevice's fmin/fmax, so a NaN
# operand loses wherever it stands (Python would keep a first-argument NaN);
# of ints, Python's choice. Constant operands fold.
#
# RUN: %pyjitc %s --sig 'k(float64[::1])' --emit=llvm | FileCheck %s

import math

from pyjit import cuda


@cuda.jit
def k(out):
    out[0] = min(math.nan, 1.0)
    out[1] = min(1.0, math.nan)
    out[2] = max(math.nan, -3.0)
    out[3] = max(2, 7, 3)

# CHECK-LABEL: define {{.*}}void @k(
# CHECK: store double 1.000000e+00, ptr addrspace(1) %out.data
# CHECK: store double 1.000000e+00,
# CHECK: store double -3.000000e+00,
# CHECK: store double 7.000000e+00,
