# math.fmod keeps float32 for float32 arguments and lowers to libdevice's
# __nv_fmodf; for float64 it is float64 and __nv_fmod. (At -O0 the
# inlined libdevice body still carries the function's name.)
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, float32)' --emit=ir | FileCheck %s --check-prefix=F32
# RUN: %pyjitc %s --sig 'k(float64[::1], float64, float64)' --emit=ir | FileCheck %s --check-prefix=F64
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, float32)' --emit=llvm -O0 | FileCheck %s --check-prefix=LIB32
# RUN: %pyjitc %s --sig 'k(float64[::1], float64, float64)' --emit=llvm -O0 | FileCheck %s --check-prefix=LIB64
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, float32)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -
# RUN: %pyjitc %s --sig 'k(float64[::1], float64, float64)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

import math

from pyjit import cuda


@cuda.jit
def k(out, x, y):
    out[0] = math.fmod(x, y)

# F32-LABEL: func @k(
# F32: [[R:%[0-9]+]] = math.fmod %x, %y : float32
# F32: store %out[{{%[0-9]+}}], [[R]]

# F64-LABEL: func @k(
# F64: [[R:%[0-9]+]] = math.fmod %x, %y : float64
# F64: store %out[{{%[0-9]+}}], [[R]]

# LIB32-LABEL: define {{.*}}void @k(
# LIB32: __nv_fmodf{{[^a-z0-9_]}}

# LIB64-LABEL: define {{.*}}void @k(
# LIB64-NOT: __nv_fmodf
# LIB64: __nv_fmod{{[^a-z0-9_]}}
