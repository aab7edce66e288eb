# A global NumPy array is a constant: it is frozen into constant memory
# (ld.const) when the kernel compiles; cuda.const.array_like names the same.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

import numpy as np
from pyjit import cuda

TABLE = np.array([1.5, 2.5, 3.5], dtype=np.float32)


@cuda.jit
def k(out):
    c = cuda.const.array_like(TABLE)
    i = cuda.grid(1)
    out[i] = c[i % 3]

# CHECK-LABEL: func @k(
# CHECK: alloc const {{%[0-9]+}} : readonly array(float32, 1d, C)
# PTX: .const .align 16 .b8 const0[12] = {0, 0, 192, 63, 0, 0, 32, 64, 0, 0, 96, 64};
# PTX: ld.const.b32
