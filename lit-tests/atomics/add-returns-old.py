# cuda.atomic.add(array, index, value) adds atomically and returns the old
# value, in the array's dtype (atom.global.add.f32 / .f64).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], float64[::1], float32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1], float64[::1], float32)' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(float32[::1], float64[::1], float32)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(f, d, v):
    old = cuda.atomic.add(f, 0, v)
    f[1] = old
    cuda.atomic.add(d, 3, 1.0)

# IR-LABEL: func @k(
# IR: [[OLD:%[0-9]+]] = cuda.atomic.add %f, {{%[0-9]+}}, %v : float32
# IR: store %f[{{%[0-9]+}}], [[OLD]]
# IR: cuda.atomic.add %d, {{%[0-9]+}}, {{%[0-9]+}} : float64

# PTX-LABEL: .visible .entry k(
# PTX: atom.global.add.f32
# PTX: atom.global.add.f64
