# A device function is typed separately at each call site: the same
# `twice` multiplies in float32 for a float32 argument and in int64 for an
# int32 one (widened, like any int32 arithmetic).
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float32, int32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit(device=True)
def twice(v):
    return v * 2


@cuda.jit
def k(out, x, i):
    out[0] = twice(x)
    out[1] = twice(i)

# CHECK-LABEL: func @k(
# CHECK: [[F:%[0-9]+]] = mul %x, {{%[0-9]+}} : float32
# CHECK: [[FD:%[0-9]+]] = cast [[F]] : float32 -> float64
# CHECK: store %out[{{%[0-9]+}}], [[FD]]
# CHECK: [[I:%[0-9]+]] = cast %i : int32 -> int64
# CHECK: [[M:%[0-9]+]] = mul [[I]], {{%[0-9]+}} : int64
# CHECK: [[MD:%[0-9]+]] = cast [[M]] : int64 -> float64
# CHECK: store %out[{{%[0-9]+}}], [[MD]]
