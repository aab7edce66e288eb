# `tid = cuda.threadIdx` makes numba-cuda's Dim3 value: a named tuple of the
# three int32 special registers; `tid.y` reads its field (the unused
# registers' reads are removed).
#
# RUN: %pyjitc %s --sig 'k(int32[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out):
    tid = cuda.threadIdx
    out[0] = tid.y

# CHECK-LABEL: func @k(
# CHECK-NOT: tid.x
# CHECK: [[Y:%[0-9]+]] = sreg tid.y : int32
# CHECK-NOT: tid.z
# CHECK: store %out[{{%[0-9]+}}], [[Y]]
