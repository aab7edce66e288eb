# a[i, j, l] on a 3-d A-layout array is one load with three indices; in
# LLVM each index is scaled by its axis's stride (bytes).
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float64[:, :, :], int64, int64, int64)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float64[::1], float64[:, :, :], int64, int64, int64)' --emit=llvm | FileCheck %s --check-prefix=LLVM

from pyjit import cuda


@cuda.jit
def k(out, a, i, j, l):
    out[0] = a[i, j, l]

# IR-LABEL: func @k(%out: array(float64, 1d, C), %a: array(float64, 3d, A), %i: int64, %j: int64, %l: int64) -> none {
# IR: load %a[{{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}] : float64

# LLVM-LABEL: define {{.*}}void @k(
# LLVM-DAG: %a.stride0
# LLVM-DAG: %a.stride1
# LLVM-DAG: %a.stride2
# LLVM: load double
