# The `else:` of `while True:` never runs (only a break or return leaves the
# loop), so it is neither typed nor lowered, as CPython's compiler drops it:
# its read of `t`, never assigned, is no error, and its store is not emitted.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, n):
    i = 0
    while True:
        i += 1
        if i >= n:
            break
    else:
        a[1] = t
    a[0] = i

# CHECK-LABEL: func @k(
# CHECK-NOT: store
# CHECK: store %a[{{%[0-9]+}}], {{%[0-9]+}}
# CHECK-NOT: store
# CHECK: ret
