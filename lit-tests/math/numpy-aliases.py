# NumPy's own spellings map to the math functions: np.arcsin (asin),
# np.arccos, np.arctan, np.arcsinh, np.arccosh, np.arctanh, np.arctan2,
# np.absolute (abs: integers stay integers), np.deg2rad (radians), np.rad2deg (degrees);
# np.power is the ** operator (integers stay integers, as numpy's).
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s

import numpy as np

from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = np.arcsin(x)
    out[1] = np.arccos(x)
    out[2] = np.arctan(x)
    out[3] = np.arcsinh(x)
    out[4] = np.arccosh(x)
    out[5] = np.arctanh(x)
    out[6] = np.arctan2(x, x)
    out[7] = np.absolute(x)
    out[8] = np.power(x, x)
    out[9] = np.deg2rad(x)
    out[10] = np.rad2deg(x)

# CHECK-LABEL: func @k(
# CHECK: math.asin %x : float32
# CHECK: math.acos %x : float32
# CHECK: math.atan %x : float32
# CHECK: math.asinh %x : float32
# CHECK: math.acosh %x : float32
# CHECK: math.atanh %x : float32
# CHECK: math.atan2 %x, %x : float32
# CHECK: abs %x : float32
# CHECK: = pow %x, %x : float32
# CHECK: math.radians %x : float32
# CHECK: math.degrees %x : float32
