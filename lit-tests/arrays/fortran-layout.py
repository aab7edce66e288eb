# `[::1, :]` is Fortran layout: the first dimension is contiguous, so its
# index is scaled by the item size and only the other strides are read.
#
# RUN: %pyjitc %s --emit=ir | FileCheck %s
# RUN: %pyjitc %s --emit=llvm | FileCheck %s --check-prefix=LLVM

from pyjit import cuda


@cuda.jit("void(float64[::1, :], int64, int64)")
def k(a, i, j):
    a[i, j] = 1.0

# CHECK-LABEL: func @k(%a: array(float64, 2d, F)
# LLVM-LABEL: define {{.*}}void @k(
# LLVM-NOT: mul {{.*}}%a.stride0
# LLVM: mul i64 {{%[0-9]+}}, %a.stride1
# LLVM-NOT: mul {{.*}}%a.stride0
# LLVM: getelementptr double
