# Python scalars are weak as math arguments: atan2(x, 1.0) with a float32 x
# stays float32, while a function of Python scalars alone (pow(2, 3),
# sin(1.0)) is float64.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float32)' --emit=ir | FileCheck %s

import math

from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = math.atan2(x, 1.0)
    out[1] = math.pow(2, 3)
    out[2] = math.sin(1.0)

# CHECK-LABEL: func @k(
# CHECK: math.atan2 %x, {{%[0-9]+}} : float32
# CHECK: math.pow {{%[0-9]+}}, {{%[0-9]+}} : float64
# CHECK: math.sin {{%[0-9]+}} : float64
