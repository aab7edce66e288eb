# math constants are weak like Python floats: x * math.pi stays float32 for
# a float32 x.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s

import math

from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = x * math.pi

# CHECK-LABEL: func @k(
# pi rounded to float32 is 3.14159274...
# CHECK: [[P:%[0-9]+]] = const 3.14159274{{[0-9]*}} : float32
# CHECK-NEXT: mul %x, [[P]] : float32
