# math.ldexp(x, n) keeps x's float type (float32 here) and takes an integer
# exponent; it lowers to libdevice's __nv_ldexpf.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, int32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, int32)' --emit=llvm -O0 | FileCheck %s --check-prefix=LLVM
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, int32)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

import math

from pyjit import cuda


@cuda.jit
def k(out, x, n):
    out[0] = math.ldexp(x, n)

# IR-LABEL: func @k(
# IR: [[R:%[0-9]+]] = math.ldexp %x, %n : float32
# IR: store %out[{{%[0-9]+}}], [[R]]

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: __nv_ldexpf
