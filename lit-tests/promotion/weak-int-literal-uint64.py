# A weak int literal with a uint64 operand takes uint64 (same kind): `u + 1`
# stays uint64 instead of going to float64 as uint64 + int64 would.
#
# RUN: %pyjitc %s --sig 'k(uint64[::1], uint64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, u):
    out[0] = u + 1

# CHECK-LABEL: func @k(
# CHECK: [[LU:%[0-9]+]] = const 1 : uint64
# CHECK-NEXT: [[S:%[0-9]+]] = add %u, [[LU]] : uint64
# CHECK-NEXT: const 0 : int64
# CHECK-NEXT: store %out[{{%[0-9]+}}], [[S]]
