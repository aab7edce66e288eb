# popc, clz, ffs and brev of constants fold to their values: popc(0xF0) ==
# 4; a literal is int64, so clz(1) == 63; ffs(8) == 4 (1-based) and
# ffs(0) == 0; brev of the uint32 1 is 0x80000000 == 2147483648.
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=llvm | FileCheck %s

import numpy as np

from pyjit import cuda


@cuda.jit
def k(out):
    out[0] = cuda.popc(0xF0)
    out[1] = cuda.clz(1)
    out[2] = cuda.ffs(8)
    out[3] = cuda.ffs(0)
    out[4] = cuda.brev(np.uint32(1))

# CHECK-LABEL: define {{.*}}void @k(
# CHECK: store i64 4, ptr addrspace(1) %out.data
# CHECK: store i64 63,
# CHECK: store i64 4,
# CHECK: store i64 0,
# CHECK: store i64 2147483648,
