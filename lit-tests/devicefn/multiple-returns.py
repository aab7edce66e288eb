# Several `return`s in a device function merge into one value at the call
# site: a phi of the two returned values (both float32).
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit(device=True)
def relu(v):
    if v > 0:
        return v
    return v * 0


@cuda.jit
def k(out, x):
    out[0] = relu(x)

# CHECK-LABEL: func @k(
# (The return block may be printed before the arms, so the order of the
# lines is not checked.)
# CHECK-DAG: [[Z:%[0-9]+]] = mul %x, {{%[0-9]+}} : float32
# CHECK-DAG: [[R:%[0-9]+]] = phi [%x, {{bb[0-9]+}}], {{\[}}[[Z]], {{bb[0-9]+}}] : float32
# CHECK-DAG: store %out[{{%[0-9]+}}], [[R]]
