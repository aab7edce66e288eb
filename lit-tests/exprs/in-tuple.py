# `x in (a, b)` is x == a or x == b, each compared at the promoted type;
# `not in` negates it.
#
# RUN: %pyjitc %s --sig 'k(bool[::1], int32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = x not in (3, 7)

# CHECK-LABEL: func @k(
# CHECK: [[A:%[0-9]+]] = cmp eq %x, {{%[0-9]+}} : bool
# CHECK: [[B:%[0-9]+]] = cmp eq %x, {{%[0-9]+}} : bool
# CHECK: [[F:%[0-9]+]] = select [[A]], {{%[0-9]+}}, [[B]] : bool
# CHECK: [[N:%[0-9]+]] = not [[F]] : bool
# CHECK: store %out[{{%[0-9]+}}], [[N]]
