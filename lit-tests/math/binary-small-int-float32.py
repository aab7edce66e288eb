# copysign, fmod, remainder, nextafter, pow and ldexp have only float
# signatures in numba-cuda (float32 before float64; pow and ldexp also take
# an int32 exponent), so numba's overload resolution picks float32 for
# arguments that convert to float32 safely (bool, int8, uint8, int16) and
# for pow(float32, int32); uint16 and int32 take float64. (math.sin has int64
# signatures: an int8 argument gives float64, integer-argument-float64.py.)
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int8, int16, uint16, float32, int32)' --emit=ir | FileCheck %s

import math

from pyjit import cuda


@cuda.jit
def k(out, b, h, u, f, n):
    out[0] = math.copysign(b, h)
    out[1] = math.fmod(b, b)
    out[2] = math.pow(f, n)
    out[3] = math.copysign(f, u)
    out[4] = math.ldexp(h, n)
    out[5] = math.pow(b, n)

# CHECK-LABEL: func @k(
# CHECK: math.copysign {{%[0-9]+}}, {{%[0-9]+}} : float32
# CHECK: math.fmod {{%[0-9]+}}, {{%[0-9]+}} : float32
# CHECK: [[N:%[0-9]+]] = cast %n : int32 -> float32
# CHECK-NEXT: math.pow %f, [[N]] : float32
# CHECK: [[F:%[0-9]+]] = cast %f : float32 -> float64
# CHECK: math.copysign [[F]], {{%[0-9]+}} : float64
# CHECK: math.ldexp {{%[0-9]+}}, %n : float32
# CHECK: math.pow {{%[0-9]+}}, {{%[0-9]+}} : float32
