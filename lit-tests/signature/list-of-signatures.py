# `@cuda.jit([sig, ...])` compiles one kernel per eager signature.
#
#
# RUN: %pyjitc %s --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit(["void(float32[::1], float32)", "void(float64[::1], float64)"])
def fill(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = v

# CHECK-LABEL: func @fill(%a: array(float32, 1d, C), %v: float32) -> none {
# CHECK: store %a[{{%[0-9]+}}], %v
# CHECK-LABEL: func @fill(%a: array(float64, 1d, C), %v: float64) -> none {
# CHECK: store %a[{{%[0-9]+}}], %v
