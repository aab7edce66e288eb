# An IntEnum argument (numba's IntEnumMember(Shape, int64)) is an int64 in
# arithmetic, and its class decides `is`: against a plain int it is False
# when compiling (never the same object), against a member of its own class
# it compares the values. pyjitc loads this file as module
# _pyjitc_intenum_member_is, which names the class in its types.
#
# RUN: %pyjitc %s --sig 'k(IntEnumMember(_pyjitc_intenum_member_is_Shape, int64), bool[::1], int64[::1])' --emit=ir | FileCheck %s

from enum import IntEnum

from pyjit import cuda


TWO = 2


class Shape(IntEnum):
    circle = 2


@cuda.jit
def k(s, hit, out):
    hit[0] = s is TWO
    hit[1] = s is Shape.circle
    out[0] = s + 1

# CHECK-LABEL: func @k(%s: IntEnumMember(_pyjitc_intenum_member_is_Shape, int64)
# CHECK: const False : bool
# CHECK: store
# CHECK: cmp eq %s
# CHECK: add {{.*}} : int64
