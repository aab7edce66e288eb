# Integer `//` and `%` by zero give 0 (Python raises; a kernel cannot): the
# division is guarded so that a zero divisor selects 0. With constant
# operands the optimiser folds 7 // 0 and 7 % 0 to stores of 0.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int64)' --emit=llvm | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, z):
    out[0] = 7 // 0
    out[1] = 7 % 0
    out[2] = 7 // z

# CHECK-LABEL: define {{.*}}void @k(
# CHECK: store i64 0, ptr addrspace(1) %out.data
# CHECK: [[P1:%[0-9]+]] = getelementptr i8, ptr addrspace(1) %out.data, i64 8
# CHECK-NEXT: store i64 0, ptr addrspace(1) [[P1]]
# CHECK: [[ISZERO:%[0-9]+]] = icmp eq i64 %z, 0
# CHECK: select i1 [[ISZERO]], i64 0, i64
