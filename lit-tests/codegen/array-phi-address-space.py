# An array variable that names different arrays on different paths is a
# phi of the arrays' parts. Two shared arrays keep the shared address space
# (ld.shared); a shared and a global array meet in a generic pointer.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'swap(float32[::1], int64)' --emit=ptx | FileCheck %s --check-prefix=SHARED
# RUN: %pyjitc %s --sig 'mixed(float32[::1], int64)' --emit=ptx | FileCheck %s --check-prefix=MIXED
# RUN: %pyjitc %s --sig 'mixed(float32[::1], int64)' --emit=ptx | %ptxas -c -arch=sm_90 -o /dev/null -

import numpy as np
from pyjit import cuda


@cuda.jit
def swap(out, steps):
    s0 = cuda.shared.array(32, np.float32)
    s1 = cuda.shared.array(32, np.float32)
    t = cuda.threadIdx.x
    s0[t] = t
    src, dst = s0, s1
    for _ in range(steps):
        cuda.syncthreads()
        dst[t] = src[(t + 1) % 32]
        src, dst = dst, src
    out[t] = src[t]


@cuda.jit
def mixed(out, flag):
    sh = cuda.shared.array(32, np.float32)
    sh[cuda.threadIdx.x] = 1.0
    src = out if flag else sh
    out[cuda.threadIdx.x] = src[cuda.threadIdx.x]

# SHARED-LABEL: .visible .entry swap(
# SHARED: ld.shared.{{[bf]}}32
# SHARED: st.global.{{[bf]}}32

# MIXED-LABEL: .visible .entry mixed(
# MIXED: cvta.shared.u64
# MIXED: ld.{{[bf]}}32
