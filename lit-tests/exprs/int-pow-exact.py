# Integer `**` is exact integer arithmetic (not a float pow): 3 ** 39 is
# 4052555153018976267, which float64 cannot represent.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int64, int64)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int64[::1], int64, int64)' --emit=llvm | FileCheck %s --check-prefix=LLVM

from pyjit import cuda


@cuda.jit
def k(out, b, e):
    out[0] = 3 ** 39
    out[1] = b ** e

# IR-LABEL: func @k(
# IR: const 4052555153018976267 : int64
# IR: [[P:%[0-9]+]] = pow %b, %e : int64
# IR: store %out[{{%[0-9]+}}], [[P]]

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: store i64 4052555153018976267
# LLVM-NOT: __nv_pow
# LLVM-NOT: double
