# cuda.grid(3) is a tuple of three int64 indices, for x, y and z.
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out):
    i, j, l = cuda.grid(3)
    out[0] = l

# CHECK-LABEL: func @k(
# The third index is blockIdx.z * blockDim.z + threadIdx.z (the unused
# x and y indices may be removed as dead code).
# CHECK: [[T:%[0-9]+]] = sreg tid.z : int32
# CHECK: [[T64:%[0-9]+]] = cast [[T]] : int32 -> int64
# CHECK: sreg ntid.z : int32
# CHECK: sreg ctaid.z : int32
# CHECK: [[M:%[0-9]+]] = mul {{%[0-9]+}}, {{%[0-9]+}} : int64
# CHECK-NEXT: [[L:%[0-9]+]] = add [[M]], [[T64]] : int64
# CHECK: store %out[{{%[0-9]+}}], [[L]]
