# cuda.grid(1) is one int64: blockIdx.x * blockDim.x + threadIdx.x,
# computed in int64 (no 32-bit overflow for large grids).
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out):
    i = cuda.grid(1)
    out[0] = i

# CHECK-LABEL: func @k(
# CHECK: [[T:%[0-9]+]] = sreg tid.x : int32
# CHECK-NEXT: [[T64:%[0-9]+]] = cast [[T]] : int32 -> int64
# CHECK-NEXT: [[D:%[0-9]+]] = sreg ntid.x : int32
# CHECK-NEXT: [[D64:%[0-9]+]] = cast [[D]] : int32 -> int64
# CHECK-NEXT: [[B:%[0-9]+]] = sreg ctaid.x : int32
# CHECK-NEXT: [[B64:%[0-9]+]] = cast [[B]] : int32 -> int64
# CHECK-NEXT: [[M:%[0-9]+]] = mul [[B64]], [[D64]] : int64
# CHECK-NEXT: [[I:%[0-9]+]] = add [[M]], [[T64]] : int64
# CHECK: store %out[{{%[0-9]+}}], [[I]]
