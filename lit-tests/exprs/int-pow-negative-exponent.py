# Integer `**` with a negative exponent gives 0, except for bases 1 and -1
# which give 1 and +-1 by the exponent's parity (docs/language.md; numba's
# integer power). Constant operands fold in the optimised LLVM.
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=llvm | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out):
    out[0] = 2 ** -1
    out[1] = (-1) ** -3
    out[2] = (-1) ** -2
    out[3] = 1 ** -5
    out[4] = 5 ** -2

# CHECK-LABEL: define {{.*}}void @k(
# CHECK: store i64 0, ptr addrspace(1) %out.data
# CHECK: store i64 -1,
# CHECK: store i64 1,
# CHECK: store i64 1,
# CHECK: store i64 0,
