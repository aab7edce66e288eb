# A name NumPy 2.0 removed (np.Infinity, np.float_, ...) says so and names
# what NumPy says to write instead, not only that kernels lack it.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s
# RUN: not %pyjitc %s --sig 'k2(float64[::1])' --emit=ir 2>&1 | FileCheck %s --check-prefix=DTYPE

import numpy as np

from pyjit import cuda


@cuda.jit
def k(out):
    out[0] = np.Infinity


@cuda.jit
def k2(out):
    out[0] = np.float_(1)

# CHECK: numpy-2-removed-name.py:14:14: error: 'numpy.Infinity' is not supported in kernels (NumPy 2.0 removed np.Infinity: write np.inf)
# CHECK-NEXT: {{^}}    out[0] = np.Infinity{{$}}
# DTYPE: numpy-2-removed-name.py:19:14: error: 'numpy.float_' is not supported in kernels (NumPy 2.0 removed np.float_: write np.float64)
