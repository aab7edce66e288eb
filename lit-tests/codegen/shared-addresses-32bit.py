# Shared, local and constant memory addresses are 32-bit, as nvcc makes
# them (LLVM's -nvptx-short-ptr; NVPTXTarget.cpp): one register each, not
# two. The data layout says so, and the shared loads and stores take a
# 32-bit register.
#
# RUN: %pyjitc %s --sig 't(float32[:, ::1], float32[:, ::1])' --emit=llvm | FileCheck %s --check-prefix=LLVM
# RUN: %pyjitc %s --sig 't(float32[:, ::1], float32[:, ::1])' --emit=ptx | FileCheck %s --check-prefix=PTX

import numpy as np

from pyjit import cuda


@cuda.jit
def t(a, b):
    tile = cuda.shared.array((32, 33), np.float32)
    tx, ty = cuda.threadIdx.x, cuda.threadIdx.y
    tile[ty, tx] = a[cuda.blockIdx.y * 32 + ty, cuda.blockIdx.x * 32 + tx]
    cuda.syncthreads()
    b[cuda.blockIdx.x * 32 + ty, cuda.blockIdx.y * 32 + tx] = tile[tx, ty]

# LLVM: target datalayout = "{{.*}}p3:32:32{{.*}}"
# PTX-LABEL: .visible .entry t(
# PTX: mov.b32 %r{{[0-9]+}}, shared0;
# PTX: st.shared.b32 [%r{{[0-9]+}}]
# PTX: ld.shared.b32 %r{{[0-9]+}}, [%r{{[0-9]+}}]
