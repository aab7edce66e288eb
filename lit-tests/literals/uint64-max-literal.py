# An integer literal between 2**63 and 2**64 - 1 fits in 64 bits as an
# unsigned number (numba types it uint64); the all-ones mask
# 0xFFFFFFFFFFFFFFFF is common with uint64 values and `u & mask` is u.
#
#
# RUN: %pyjitc %s --sig 'k(uint64[::1], uint64)' --emit=llvm | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, u):
    out[0] = u & 0xFFFFFFFFFFFFFFFF

# CHECK-LABEL: define {{.*}}void @k(
# CHECK: store i64 %u,
