# As in Python, the loop variable keeps the value of the last iteration
# after the loop (range(3) leaves i == 2, not 3), and its earlier value if
# the loop ran no iteration: the name is a phi separate from the induction
# counter, fed by the initial -1 and by the counter of each iteration.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, n):
    i = -1
    for i in range(n):
        pass
    out[0] = i

# CHECK-LABEL: func @k(
# CHECK: [[INIT:%[0-9]+]] = const -1 : int64
# CHECK: [[ZERO:%[0-9]+]] = const 0 : int64
# CHECK: [[N:%[0-9]+]] = select {{.*}} : uint64
# CHECK: [[HEADER:bb[0-9]+]]:  ; preds: bb0 [[LATCH:bb[0-9]+]]
# CHECK-NEXT: [[I:%[0-9]+]] = phi {{\[}}[[INIT]], bb0], {{\[}}[[CTR:%[0-9]+]], [[LATCH]]] : int64
# CHECK-NEXT: [[K:%[0-9]+]] = phi {{.*}} : uint64
# CHECK-NEXT: [[CTR]] = phi {{\[}}[[ZERO]], bb0], {{\[}}[[NEXT:%[0-9]+]], [[LATCH]]] : int64
# CHECK-NEXT: cmp lt [[K]], [[N]] : bool
# CHECK: [[LATCH]]:
# CHECK-NEXT: [[NEXT]] = add [[CTR]], {{%[0-9]+}} : int64
# CHECK: store %out[{{%[0-9]+}}], [[I]]
