# A shared array of shape 0 is the launch's dynamic shared memory: every
# such array aliases the one extern .shared symbol, whatever its dtype.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], int32[::1])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1], int32[::1])' --emit=llvm | FileCheck %s --check-prefix=LLVM
# RUN: %pyjitc %s --sig 'k(float32[::1], int32[::1])' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

import numpy as np

from pyjit import cuda


@cuda.jit
def k(f, i):
    fs = cuda.shared.array(0, np.float32)
    is_ = cuda.shared.array(0, np.int32)
    t = cuda.threadIdx.x
    fs[t] = f[t]
    cuda.syncthreads()
    i[t] = is_[t]

# IR-LABEL: func @k(
# IR: alloc shared {{%[0-9]+}} : array(float32, 1d, C)
# IR: alloc shared {{%[0-9]+}} : array(int32, 1d, C)

# One extern, zero-length shared symbol; the int32 load reads the very
# address the float32 store wrote (same index t), i.e. the arrays alias.
# LLVM: @[[DYN:[A-Za-z_.0-9]+]] = external {{.*}}addrspace(3) global [0 x i8]
# LLVM-NOT: addrspace(3) global
# LLVM: define {{.*}}void @k(
# LLVM: [[P:%[0-9]+]] = getelementptr {{float|i8}}, ptr addrspace(3) @[[DYN]], i{{32|64}} {{%[0-9]+}}
# LLVM: store float {{%[0-9]+}}, ptr addrspace(3) [[P]]
# LLVM: load i32, ptr addrspace(3) [[P]]
