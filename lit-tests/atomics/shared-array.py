# Atomics on a shared array use the shared state space (atom.shared).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(int32[::1])' --emit=ptx | FileCheck %s
# RUN: %pyjitc %s --sig 'k(int32[::1])' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

import numpy as np

from pyjit import cuda


@cuda.jit
def k(out):
    count = cuda.shared.array(1, np.int32)
    if cuda.threadIdx.x == 0:
        count[0] = 0
    cuda.syncthreads()
    cuda.atomic.add(count, 0, 1)
    cuda.syncthreads()
    if cuda.threadIdx.x == 0:
        out[cuda.blockIdx.x] = count[0]

# CHECK-LABEL: .visible .entry k(
# CHECK: {{atom|red}}.shared.add.{{[us]}}32
