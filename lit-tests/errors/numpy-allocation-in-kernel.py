# numpy's allocating functions are refused with the arrays kernels do have.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s

import numpy as np

from pyjit import cuda


@cuda.jit
def k(a):
    t = np.zeros(4, np.float32)
    a[0] = t[0]

# CHECK: numpy-allocation-in-kernel.py:12:9: error: 'numpy.zeros' is not supported in kernels; kernels cannot allocate arrays: cuda.local.array(shape, dtype) makes one per thread, cuda.shared.array(shape, dtype) one per block
