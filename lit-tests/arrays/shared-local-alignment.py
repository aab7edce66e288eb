# alignment= of cuda.shared.array / cuda.local.array (numba-cuda): the shared
# global and the local alloca carry it; without it shared arrays are 16-aligned.
#
# RUN: %pyjitc %s --sig 'k(uint64[::1])' --emit=llvm -O0 | FileCheck %s

import numpy as np

from pyjit import cuda


@cuda.jit
def k(out):
    s = cuda.shared.array((2, 3), np.uint8, alignment=256)
    t = cuda.shared.array(3, np.uint8)
    loc = cuda.local.array(5, np.uint8, alignment=64)
    s[0, 0] = 1
    t[0] = 1
    loc[0] = 1
    out[0] = s.ctypes.data + t.ctypes.data + loc.ctypes.data

# CHECK-DAG: @shared{{[0-9]+}} = internal addrspace(3) global [6 x i8] undef, align 256
# CHECK-DAG: @shared{{[0-9]+}} = internal addrspace(3) global [3 x i8] undef, align 16
# CHECK-DAG: alloca [5 x i8], align 64
