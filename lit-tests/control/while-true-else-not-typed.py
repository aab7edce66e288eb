# The `else:` of `while True:` never runs (only a break or return leaves the
# loop), so it is neither typed nor lowered, as CPython's compiler drops it:
# its read of `t`, never assigned, is no error, and its store is not emitted.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, x):
    while True:
        x = x * 0.5
        if x < 1.0:
            break
    else:
        out[1] = t
    out[0] = x

# CHECK-LABEL: func @k(
# CHECK-NOT: store
# CHECK: store %out[{{%[0-9]+}}], {{%[0-9]+}}
# CHECK-NOT: store
# CHECK: ret
