# A `while` whose condition short-circuits (a chained comparison), and a
# variable first read after the loop. Reading `i` after the loop puts a phi
# in the exit block that is trivial (the header's phi is its only value);
# removing it used to leave the store reading a phi that had been removed
# in turn (a verifier error or a crash in codegen). The store must read the
# loop header's phi.
#
# RUN: %pyjitc %s --sig 'walk(int64[::1], int64[::1], int64)' --emit=ir | FileCheck %s
# RUN: %pyjitc %s --sig 'walk(int64[::1], int64[::1], int64)' --emit=llvm --target=cpu | FileCheck %s --check-prefix=LLVM

from pyjit import cuda


@cuda.jit
def walk(x, out, n):
    i = 0
    while 0 <= i < n:
        i += x[i]
    out[0] = i

# CHECK-LABEL: func @walk(
# CHECK: [[HEADER:bb[0-9]+]]:  ; preds: bb0 {{bb[0-9]+}}
# CHECK-NEXT: [[I:%[0-9]+]] = phi
# CHECK: store %out[{{%[0-9]+}}], [[I]]
# CHECK-NEXT: ret
# CHECK-NOT: undef
# LLVM-LABEL: define {{.*}}walk
