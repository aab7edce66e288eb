# A global array read in several places is one copy in constant memory
# (which holds 64 KiB), not one per read.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float64[::1])' --emit=ptx | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float64[::1])' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

import numpy as np
from pyjit import cuda

TABLE = np.arange(4.0)


@cuda.jit
def k(out):
    i = cuda.grid(1)
    out[i] = TABLE[i % 4] + TABLE[3 - i % 4]
    if i == 0:
        out[0] += TABLE[2]

# CHECK: .const .align 16 .b8 const0[32]
# CHECK-NOT: .const
# CHECK: ld.const
