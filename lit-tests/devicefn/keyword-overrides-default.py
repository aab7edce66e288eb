# A keyword argument replaces the default of that parameter: `f(x, y=4.0)`
# uses 4.0, not the default 2.0.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit(device=True)
def f(x, y=2.0):
    return x * y


@cuda.jit
def k(out, x):
    out[0] = f(x, y=4.0)

# CHECK-LABEL: func @k(
# CHECK-NOT: const 2 : float64
# CHECK: [[Y:%[0-9]+]] = const 4 : float64
# CHECK: [[R:%[0-9]+]] = mul %x, [[Y]] : float64
# CHECK: store %out[{{%[0-9]+}}], [[R]]
