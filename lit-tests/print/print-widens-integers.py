# print() formats every signed integer with %lld and every unsigned one
# with %llu, widening narrower ones to 64 bits.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], int8, uint16, uint64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, b, s, u):
    print(b, s, u)

# CHECK-LABEL: func @k(
# CHECK-DAG: [[B:%[0-9]+]] = cast %b : int8 -> int64
# CHECK-DAG: [[S:%[0-9]+]] = cast %s : uint16 -> uint64
# CHECK: print "%lld %llu %llu\n", [[B]], [[S]], %u
