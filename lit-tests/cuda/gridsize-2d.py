# cuda.gridsize(2) is a pair of int64: the grid's extent in threads along x
# and along y.
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out):
    nx, ny = cuda.gridsize(2)
    out[0] = nx
    out[1] = ny

# CHECK-LABEL: func @k(
# CHECK: sreg nctaid.x : int32
# CHECK: sreg ntid.x : int32
# CHECK: [[NX:%[0-9]+]] = mul {{.*}} : int64
# CHECK: sreg nctaid.y : int32
# CHECK: sreg ntid.y : int32
# CHECK: [[NY:%[0-9]+]] = mul {{.*}} : int64
# CHECK: store %out[{{%[0-9]+}}], [[NX]]
# CHECK: store %out[{{%[0-9]+}}], [[NY]]
