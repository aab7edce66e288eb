# float16 is an arithmetic type, not only storage: h * h + h computes in
# float16 (f16 instructions in the PTX, no widening to f32).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float16[::1], float16)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float16[::1], float16)' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(float16[::1], float16)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(out, h):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = out[i] * h + h

# IR-LABEL: func @k(
# IR: [[V:%[0-9]+]] = load %out[{{%[0-9]+}}] : float16
# IR: [[M:%[0-9]+]] = mul [[V]], %h : float16
# IR: [[A:%[0-9]+]] = add [[M]], %h : float16
# IR: store %out[{{%[0-9]+}}], [[A]]

# PTX-LABEL: .visible .entry k(
# PTX-NOT: .f32
# PTX: {{(fma.rn|mul.rn|mul).f16}}
# PTX-NOT: .f32
# PTX: ret;
