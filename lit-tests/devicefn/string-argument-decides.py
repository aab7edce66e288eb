# A string argument of a device function is a compile-time constant (numba's
# Literal[str]): each string is an instance of its own, and `op == "add"`
# is decided when compiling, so only the chosen arithmetic is lowered.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float64)' --emit=ir | FileCheck %s

from pyjit import cuda

MODE = "mul"


@cuda.jit(device=True)
def combine(a, b, op):
    if op == "add":
        return a + b
    return a * b


@cuda.jit
def k(out, x):
    out[0] = combine(x, 2.0, "add")
    out[1] = combine(x, 3.0, MODE)

# CHECK-LABEL: func @k(
# CHECK: add %x,
# CHECK-NOT: mul %x, {{.*}} 2
# CHECK: mul %x,
# CHECK-NOT: add %x
