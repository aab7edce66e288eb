# abs(z) of a complex is its modulus, a float of the part type: hypot of the
# real and imaginary parts (float32 for complex64).
#
# RUN: %pyjitc %s --sig 'k(float32[::1], complex64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, z):
    out[0] = abs(z)

# CHECK-LABEL: func @k(
# CHECK: [[R:%[0-9]+]] = part real %z : float32
# CHECK: [[I:%[0-9]+]] = part imag %z : float32
# CHECK: [[H:%[0-9]+]] = math.hypot [[R]], [[I]] : float32
# CHECK: store %out[{{%[0-9]+}}], [[H]]
