# Complex numbers compare with == and != only (in the promoted complex
# type); the result is a bool.
#
# RUN: %pyjitc %s --sig 'k(bool[::1], complex64, complex128)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, z, w):
    out[0] = z == w
    out[1] = z != w

# CHECK-LABEL: func @k(
# CHECK: [[Z:%[0-9]+]] = cast %z : complex64 -> complex128
# CHECK-NEXT: cmp eq [[Z]], %w : bool
# CHECK: cmp ne {{%[0-9]+}}, %w : bool
