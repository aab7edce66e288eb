# libdevice.sincosf(x) calls __nv_sincosf with two 1-element local arrays
# for its pointer parameters, read after the call: (sin, cos). The CPU
# backend calls the C library's sincosf.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=llvm --target=cpu | FileCheck %s --check-prefix=HOST

from pyjit import cuda
from pyjit.cuda import libdevice


@cuda.jit
def k(out, x):
    s, c = libdevice.sincosf(x)
    out[0] = s
    out[1] = c

# CHECK-LABEL: func @k(
# CHECK: [[S:%[0-9]+]] = alloc local %{{[0-9]+}} : array(float32, 1d, C)
# CHECK: [[C:%[0-9]+]] = alloc local %{{[0-9]+}} : array(float32, 1d, C)
# CHECK-NEXT: libdevice.sincosf %x, [[S]], [[C]]{{$}}
# CHECK: load [[S]][
# CHECK: load [[C]][
# HOST: call void @sincosf(float %{{.*}}, ptr {{.*}}, ptr {{.*}})
