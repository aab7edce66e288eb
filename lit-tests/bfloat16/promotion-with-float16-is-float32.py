# bfloat16 with float16 computes in float32 (which holds both); with an
# int64 in float64; with a Python int it stays bfloat16 (NEP 50).
#
# RUN: %pyjitc %s --sig 'k(bfloat16, float16, int64, array(float64, 1d, C))' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(b, h, i, out):
    out[0] = b + h
    out[1] = b + i
    out[2] = b * 3

# CHECK: cast %b : bfloat16 -> float32
# CHECK: cast %h : float16 -> float32
# CHECK: add {{.*}} : float32
# CHECK: cast %b : bfloat16 -> float64
# CHECK: add {{.*}} : float64
# CHECK: mul %b, {{.*}} : bfloat16
