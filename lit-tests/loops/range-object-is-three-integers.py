# A range object held in a variable is its start, stop and step (numba's
# range_state64): r.stop reads the second, with no loop and no call.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, n):
    r = range(2, n, 3)
    out[0] = r.stop

# CHECK-LABEL: func @k(
# CHECK-NOT: call
# CHECK-NOT: br
# CHECK: store %out[{{%[0-9]+}}], %n
# CHECK-NEXT: ret
