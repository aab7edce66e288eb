# `enumerate(it, start)` starts the counter at start: the counter and the
# position in the iterable are two phis, the counter beginning at 5.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], float32[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a):
    for j, v in enumerate(a, 5):
        out[0] = j

# CHECK-LABEL: func @k(
# CHECK: [[START:%[0-9]+]] = const 5 : int64
# CHECK: [[J:%[0-9]+]] = phi {{\[}}[[START]], bb0], {{\[}}[[JN:%[0-9]+]], [[LATCH:bb[0-9]+]]] : int64
# CHECK: store %out[{{%[0-9]+}}], [[J]]
# CHECK: [[JN]] = add [[J]], {{%[0-9]+}} : int64
