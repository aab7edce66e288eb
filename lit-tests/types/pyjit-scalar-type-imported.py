# pyjit's type objects are callable in kernels like NumPy scalar types:
# float32(i) (imported from pyjit) converts to float32.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda, float32


@cuda.jit
def k(out, i):
    out[0] = float32(i) * 2

# CHECK-LABEL: func @k(
# CHECK: [[F:%[0-9]+]] = cast %i : int64 -> float32
# CHECK: mul [[F]], {{%[0-9]+}} : float32
