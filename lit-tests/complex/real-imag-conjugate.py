# .real and .imag of a complex64 are float32 parts; .conjugate() negates
# the imaginary part and rebuilds a complex64.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], complex64[::1], complex64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, cout, z):
    out[0] = z.real
    out[1] = z.imag
    cout[0] = z.conjugate()

# CHECK-LABEL: func @k(
# CHECK: [[R:%[0-9]+]] = part real %z : float32
# CHECK: store %out[{{%[0-9]+}}], [[R]]
# CHECK: [[I:%[0-9]+]] = part imag %z : float32
# CHECK: store %out[{{%[0-9]+}}], [[I]]
# CHECK: [[R2:%[0-9]+]] = part real %z : float32
# CHECK: [[I2:%[0-9]+]] = part imag %z : float32
# CHECK: [[N:%[0-9]+]] = neg [[I2]] : float32
# CHECK: [[C:%[0-9]+]] = complex [[R2]], [[N]] : complex64
# CHECK: store %cout[{{%[0-9]+}}], [[C]]
