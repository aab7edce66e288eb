# Arrays pass to device functions by reference: the callee's loads read the
# kernel's array directly.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[:, ::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit(device=True)
def trace2(m):
    return m[0, 0] + m[1, 1]


@cuda.jit
def k(out, m):
    out[0] = trace2(m)

# CHECK-LABEL: func @k(
# CHECK: [[A:%[0-9]+]] = load %m[{{%[0-9]+}}, {{%[0-9]+}}] : float32
# CHECK: [[B:%[0-9]+]] = load %m[{{%[0-9]+}}, {{%[0-9]+}}] : float32
# CHECK: [[S:%[0-9]+]] = add [[A]], [[B]] : float32
# CHECK: store %out[{{%[0-9]+}}], [[S]]
