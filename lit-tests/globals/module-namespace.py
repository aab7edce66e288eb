# A module read by attribute (numba.cuda resolves them too): its device
# functions are inlined and its numbers frozen as constants, like globals of
# the kernel's own file.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s

from pyjit import cuda

from Inputs import ns_helpers as h


@cuda.jit
def k(out, x):
    out[h.SHIFT] = h.square(x) * h.SCALE

# CHECK-LABEL: func @k(
# CHECK-NOT: ns_helpers
# CHECK-DAG: [[S:%[0-9]+]] = mul %x, %x : float32
# CHECK-DAG: const 0.5 : {{float32|float64}}
# CHECK-DAG: const 7 : int64
# CHECK-DAG: store %out[{{%[0-9]+}}], {{%[0-9]+}}
