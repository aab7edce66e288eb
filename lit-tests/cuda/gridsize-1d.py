# cuda.gridsize(1) is the int64 number of threads in the grid along x:
# gridDim.x * blockDim.x.
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out):
    out[0] = cuda.gridsize(1)

# CHECK-LABEL: func @k(
# CHECK: [[G:%[0-9]+]] = sreg nctaid.x : int32
# CHECK-NEXT: [[G64:%[0-9]+]] = cast [[G]] : int32 -> int64
# CHECK-NEXT: [[B:%[0-9]+]] = sreg ntid.x : int32
# CHECK-NEXT: [[B64:%[0-9]+]] = cast [[B]] : int32 -> int64
# CHECK-NEXT: [[N:%[0-9]+]] = mul {{.*}} : int64
# CHECK: store %out[{{%[0-9]+}}], [[N]]
