# `~` on an unsigned integer widens to uint64 (unsigned stays unsigned) and
# inverts all 64 bits; on a signed literal it folds to an int64 constant
# (~5 == -6).
#
# RUN: %pyjitc %s --sig 'k(uint64[::1], int64[::1], uint32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(uout, out, u):
    uout[0] = ~u
    out[0] = ~5

# CHECK-LABEL: func @k(
# CHECK: [[U:%[0-9]+]] = cast %u : uint32 -> uint64
# CHECK-NEXT: [[I:%[0-9]+]] = invert [[U]] : uint64
# CHECK: store %uout[{{%[0-9]+}}], [[I]]
# CHECK: [[F:%[0-9]+]] = const -6 : int64
# CHECK: store %out[{{%[0-9]+}}], [[F]]
