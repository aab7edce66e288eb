# math.pi, math.e, math.tau, math.inf and math.nan are float64 constants
# (weak Python floats) of the right values.
#
# RUN: %pyjitc %s --sig 'k(float64[::1])' --emit=ir | FileCheck %s

import math

from pyjit import cuda


@cuda.jit
def k(out):
    out[0] = math.pi
    out[1] = math.e
    out[2] = math.tau
    out[3] = math.inf
    out[4] = math.nan

# CHECK-LABEL: func @k(
# CHECK: const 3.1415926535897931 : float64
# CHECK: const 2.7182818284590451 : float64
# CHECK: const 6.2831853071795862 : float64
# CHECK: const inf : float64
# CHECK: const nan : float64
