# math.sqrt of a float32 stays float32 (numba's typing) and lowers to the
# correctly rounded sqrt.rn.f32, with no conversion to double.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

import math

from pyjit import cuda


@cuda.jit
def k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = math.sqrt(x[i])

# IR-LABEL: func @k(
# IR: [[X:%[0-9]+]] = load %x[{{%[0-9]+}}] : float32
# IR-NEXT: [[R:%[0-9]+]] = sqrt [[X]] : float32
# IR: store %out[{{%[0-9]+}}], [[R]]

# PTX-LABEL: .visible .entry k(
# PTX-NOT: .f64
# PTX: sqrt.rn.f32
# PTX-NOT: .f64
# PTX: ret;
