# `~` on an unsigned integer inverts it in its own width, then widens it to
# uint64 (numba's int_invert_impl: ~uint32(0) is 4294967295); on a signed
# literal it folds to an int64 constant (~5 == -6).
#
# RUN: %pyjitc %s --sig 'k(uint64[::1], int64[::1], uint32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(uout, out, u):
    uout[0] = ~u
    out[0] = ~5

# CHECK-LABEL: func @k(
# CHECK: [[I:%[0-9]+]] = invert %u : uint32
# CHECK-NEXT: [[U:%[0-9]+]] = cast [[I]] : uint32 -> uint64
# CHECK: store %uout[{{%[0-9]+}}], [[U]]
# CHECK: [[F:%[0-9]+]] = const -6 : int64
# CHECK: store %out[{{%[0-9]+}}], [[F]]
