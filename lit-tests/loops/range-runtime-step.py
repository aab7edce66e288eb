# A step known only at run time: the loop continues while (step > 0 and
# i < stop) or (step < 0 and i > stop), so a zero step runs no iteration
# (instead of looping forever).
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int64, int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, n, s):
    t = 0
    for i in range(n, 0, s):
        t += i
    out[0] = t

# CHECK-LABEL: func @k(
# CHECK: [[HEADER:bb[0-9]+]]:  ; preds: bb0 [[LATCH:bb[0-9]+]]
# CHECK: [[I:%[0-9]+]] = phi [%n, bb0], {{\[}}[[NEXT:%[0-9]+]], [[LATCH]]] : int64
# CHECK-DAG: [[BELOW:%[0-9]+]] = cmp lt [[I]], [[STOP:%[0-9]+]] : bool
# CHECK-DAG: [[UP:%[0-9]+]] = cmp gt %s, [[Z:%[0-9]+]] : bool
# CHECK-DAG: [[A:%[0-9]+]] = and [[UP]], [[BELOW]] : bool
# CHECK-DAG: [[ABOVE:%[0-9]+]] = cmp gt [[I]], [[STOP]] : bool
# CHECK-DAG: [[DOWN:%[0-9]+]] = cmp lt %s, [[Z]] : bool
# CHECK-DAG: [[B:%[0-9]+]] = and [[DOWN]], [[ABOVE]] : bool
# CHECK: [[C:%[0-9]+]] = or [[A]], [[B]] : bool
# CHECK-NEXT: condbr [[C]],
# CHECK: [[NEXT]] = add [[I]], %s : int64
# CHECK-NEXT: br [[HEADER]]
