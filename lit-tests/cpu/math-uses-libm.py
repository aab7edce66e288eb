# The CPU backend calls the C library for math: libdevice's __nv_sinf is
# sinf, and with fastmath __nv_fast_expf is expf too. No NVPTX intrinsic
# remains.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --target=cpu --emit=llvm | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[::1])' --target=cpu --emit=llvm --fastmath | FileCheck %s

import math
from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = math.sin(a[1]) + math.exp(a[2])

# CHECK-NOT: nvvm
# CHECK-DAG: call {{.*}}float @sinf(
# CHECK-DAG: call {{.*}}float @expf(
# CHECK-NOT: __nv_
