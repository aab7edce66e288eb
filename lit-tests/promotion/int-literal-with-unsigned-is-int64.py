# A Python int with an unsigned integer computes in int64, as numba types
# the literal int64 (uint8 - 1 at 0 is -1, not 2**64 - 1): here uint64 + 1.
#
# RUN: %pyjitc %s --sig 'k(uint64[::1], uint64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, u):
    out[0] = u + 1

# CHECK-LABEL: func @k(
# CHECK: [[L:%[0-9]+]] = const 1 : int64
# CHECK-NEXT: [[C:%[0-9]+]] = cast %u : uint64 -> int64
# CHECK-NEXT: [[S:%[0-9]+]] = add [[C]], [[L]] : int64
# CHECK: [[R:%[0-9]+]] = cast [[S]] : int64 -> uint64
# CHECK: store %out[{{%[0-9]+}}], [[R]]
