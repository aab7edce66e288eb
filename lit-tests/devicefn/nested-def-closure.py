# A def inside a kernel is inlined at each call, like a device function; it
# reads the kernel's variables (Python's closure) at the call.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, s):
    def scaled(v):
        return v * s
    out[0] = scaled(out[1])

# CHECK-LABEL: func @k(
# CHECK: [[V:%[0-9]+]] = load %out[{{%[0-9]+}}] : float32
# CHECK: [[P:%[0-9]+]] = mul [[V]], %s : float32
# CHECK: store %out[{{%[0-9]+}}], [[P]]
