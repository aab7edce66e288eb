# `i, j = cuda.grid(2)` unpacks the pair of int64 global thread indices:
# i from the x dimension, j from the y dimension.
#
# RUN: %pyjitc %s --sig 'k(int64[:, ::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out):
    i, j = cuda.grid(2)
    out[0, 0] = i
    out[0, 1] = j

# i = blockIdx.x * blockDim.x + threadIdx.x, j likewise with .y.
# CHECK-LABEL: func @k(
# CHECK: [[TX:%[0-9]+]] = sreg tid.x : int32
# CHECK: sreg ntid.x : int32
# CHECK: sreg ctaid.x : int32
# CHECK: [[I:%[0-9]+]] = add {{%[0-9]+}}, {{%[0-9]+}} : int64
# CHECK: [[TY:%[0-9]+]] = sreg tid.y : int32
# CHECK: sreg ntid.y : int32
# CHECK: sreg ctaid.y : int32
# CHECK: [[J:%[0-9]+]] = add {{%[0-9]+}}, {{%[0-9]+}} : int64
# CHECK: store %out[{{%[0-9]+}}, {{%[0-9]+}}], [[I]]
# CHECK: store %out[{{%[0-9]+}}, {{%[0-9]+}}], [[J]]
