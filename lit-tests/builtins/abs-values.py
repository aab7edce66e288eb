# abs() of constants folds to Python's values: abs(-0.0) == 0.0 (positive
# zero), abs(-7) == 7, abs(-inf) == inf.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int64[::1])' --emit=llvm | FileCheck %s

import math

from pyjit import cuda


@cuda.jit
def k(fout, iout):
    fout[0] = abs(-0.0)
    fout[1] = abs(-math.inf)
    iout[0] = abs(-7)

# CHECK-LABEL: define {{.*}}void @k(
# CHECK: store double 0.000000e+00, ptr addrspace(1) %fout.data
# CHECK: store double 0x7FF0000000000000,
# CHECK: store i64 7, ptr addrspace(1) %iout.data
