# NEP 50: a Python float literal is "weak", so float32 * 2.0 stays float32.
# The IR multiplies in float32 and the PTX has no double-precision op.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' --emit=ptx -O0 | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * 2.0 + 1

# IR-LABEL: func @k(
# IR: [[X:%[0-9]+]] = load %x[{{%[0-9]+}}] : float32
# IR-NOT: -> float64
# IR: [[MUL:%[0-9]+]] = mul [[X]], {{%[0-9]+}} : float32
# IR-NOT: -> float64
# IR: [[ADD:%[0-9]+]] = add [[MUL]], {{%[0-9]+}} : float32
# IR-NOT: -> float64
# IR: store %out[{{%[0-9]+}}], [[ADD]]

# PTX-LABEL: .visible .entry k(
# PTX-NOT: .f64
# PTX: {{(mul|fma|add).rn.f32}}
# PTX-NOT: .f64
# PTX: ret;
