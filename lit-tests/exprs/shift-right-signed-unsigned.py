# `>>` is arithmetic on signed integers and logical on unsigned ones
# (Python's -8 >> 1 == -4); the folded constant and the LLVM agree.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], uint64[::1], int64, uint64)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int64[::1], uint64[::1], int64, uint64)' --emit=llvm | FileCheck %s --check-prefix=LLVM

from pyjit import cuda


@cuda.jit
def k(out, uout, s, u):
    out[0] = -8 >> 1
    out[1] = s >> 3
    uout[0] = u >> 3

# IR-LABEL: func @k(
# IR: const -4 : int64
# IR: shr %s, {{%[0-9]+}} : int64
# IR: shr %u, {{%[0-9]+}} : uint64

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: ashr i64 %s, 3
# LLVM: lshr i64 %u, 3
