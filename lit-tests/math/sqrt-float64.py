# math.sqrt of a float64 is a correctly rounded sqrt.rn.f64; of an int it
# converts to float64 first (integers give float64).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float64[::1], float64, int32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float64[::1], float64, int32)' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(float64[::1], float64, int32)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

import math

from pyjit import cuda


@cuda.jit
def k(out, x, n):
    out[0] = math.sqrt(x)
    out[1] = math.sqrt(n)

# IR-LABEL: func @k(
# IR: [[R:%[0-9]+]] = sqrt %x : float64
# IR: store %out[{{%[0-9]+}}], [[R]]
# IR: [[N:%[0-9]+]] = cast %n : int32 -> float64
# IR-NEXT: sqrt [[N]] : float64

# PTX-LABEL: .visible .entry k(
# PTX: sqrt.rn.f64
# PTX: sqrt.rn.f64
