# complex64 and complex128 are scalar types: `+ - *` keep complex64 for
# complex64 operands, and complex64 with complex128 promotes to complex128.
#
# RUN: %pyjitc %s --sig 'k(complex128[::1], complex64, complex64, complex128)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, z, w, d):
    out[0] = z * w + z - w
    out[1] = z + d

# CHECK-LABEL: func @k(%out: array(complex128, 1d, C), %z: complex64, %w: complex64, %d: complex128) -> none {
# CHECK: [[M:%[0-9]+]] = mul %z, %w : complex64
# CHECK-NEXT: [[A:%[0-9]+]] = add [[M]], %z : complex64
# CHECK-NEXT: [[S:%[0-9]+]] = sub [[A]], %w : complex64
# CHECK: cast [[S]] : complex64 -> complex128
# CHECK: [[Z:%[0-9]+]] = cast %z : complex64 -> complex128
# CHECK-NEXT: add [[Z]], %d : complex128
