# A device function may call another device function; both are inlined
# into the kernel.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit(device=True)
def square(v):
    return v * v


@cuda.jit(device=True)
def quartic(v):
    return square(square(v))


@cuda.jit
def k(out, x):
    out[0] = quartic(x)

# CHECK-LABEL: func @k(
# (The inlined callee's blocks may be printed after the caller's, so the
# order of the lines is not checked.)
# CHECK-DAG: [[S:%[0-9]+]] = mul %x, %x : float32
# CHECK-DAG: [[Q:%[0-9]+]] = mul [[S]], [[S]] : float32
# CHECK-DAG: store %out[{{%[0-9]+}}], [[Q]]
