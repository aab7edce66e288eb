# NumPy scalar functions with the math names (np.sin, np.exp, np.sqrt,
# np.log1p, np.hypot) are the same operations with the same typing.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s

import numpy as np

from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = np.sin(x)
    out[1] = np.exp(x)
    out[2] = np.sqrt(x)
    out[3] = np.log1p(x)
    out[4] = np.hypot(x, x)

# CHECK-LABEL: func @k(
# CHECK: math.sin %x : float32
# CHECK: math.exp %x : float32
# CHECK: sqrt %x : float32
# CHECK: math.log1p %x : float32
# CHECK: math.hypot %x, %x : float32
