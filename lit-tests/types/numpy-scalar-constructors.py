# NumPy scalar types called as functions convert to that type:
# np.float32(i), np.int8(x), np.uint16(x), np.float16(x), np.bool_(x),
# np.float64(i).
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float32, int64)' --emit=ir | FileCheck %s

import numpy as np

from pyjit import cuda


@cuda.jit
def k(out, x, i):
    out[0] = np.float32(i)
    out[1] = np.int8(x)
    out[2] = np.uint16(x)
    out[3] = np.float16(x)
    out[4] = np.bool_(x)
    out[5] = np.float64(i)

# CHECK-LABEL: func @k(
# CHECK: cast %i : int64 -> float32
# CHECK: cast %x : float32 -> int8
# CHECK: cast %x : float32 -> uint16
# CHECK: cast %x : float32 -> float16
# CHECK: cast %x : float32 -> bool
# CHECK: cast %i : int64 -> float64
