# math.fabs keeps float32 and is a plain absolute value (abs.f32), no
# libdevice call.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

import math

from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = math.fabs(x)

# IR-LABEL: func @k(
# IR: [[R:%[0-9]+]] = math.fabs %x : float32
# IR: store %out[{{%[0-9]+}}], [[R]]

# PTX-LABEL: .visible .entry k(
# PTX: abs.f32
# PTX-NOT: call
