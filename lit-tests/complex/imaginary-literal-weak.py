# An imaginary literal is a weak complex128: with a complex64 it stays
# complex64, and a float32 times 1j is complex64 (NumPy 2 promotion);
# with no other operand it is complex128.
#
# RUN: %pyjitc %s --sig 'k(complex128[::1], complex64, float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, z, x):
    out[0] = z + 2j
    out[1] = x * 1j
    out[2] = 3j

# CHECK-LABEL: func @k(
# CHECK: add %z, {{%[0-9]+}} : complex64
# CHECK: [[X:%[0-9]+]] = cast %x : float32 -> complex64
# CHECK-NEXT: [[J:%[0-9]+]] = cast {{%[0-9]+}} : complex128 -> complex64
# CHECK-NEXT: mul [[X]], [[J]] : complex64
# CHECK: complex {{%[0-9]+}}, {{%[0-9]+}} : complex128
