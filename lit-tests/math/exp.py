# math.exp keeps float32 for float32 arguments and lowers to libdevice's
# __nv_expf; for float64 it is float64 and __nv_exp. (__nv_expf inlines
# to a single-block ex2.approx sequence, checked in the PTX; at -O0 the
# inlined __nv_exp body still carries the function's name.)
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s --check-prefix=F32
# RUN: %pyjitc %s --sig 'k(float64[::1], float64)' --emit=ir | FileCheck %s --check-prefix=F64
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ptx | FileCheck %s --check-prefix=PTX32
# RUN: %pyjitc %s --sig 'k(float64[::1], float64)' --emit=llvm -O0 | FileCheck %s --check-prefix=LIB64
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -
# RUN: %pyjitc %s --sig 'k(float64[::1], float64)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

import math

from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = math.exp(x)

# F32-LABEL: func @k(
# F32: [[R:%[0-9]+]] = math.exp %x : float32
# F32: store %out[{{%[0-9]+}}], [[R]]

# F64-LABEL: func @k(
# F64: [[R:%[0-9]+]] = math.exp %x : float64
# F64: store %out[{{%[0-9]+}}], [[R]]

# LIB64-LABEL: define {{.*}}void @k(
# LIB64-NOT: __nv_expf
# LIB64: __nv_exp{{[^a-z0-9_]}}

# PTX32-LABEL: .visible .entry k(
# PTX32-NOT: .f64
# PTX32: ex2.approx{{.*}}.f32
# PTX32-NOT: .f64
# PTX32: ret;
