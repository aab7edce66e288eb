# With -g every array index is checked against -extent <= i < extent before
# it wraps; a failure raises IndexError naming the axis, at the index's
# line and column. Without -g there is no check.
#
# RUN: %pyjitc %s --sig 'k(float32[:, ::1], int64, int64)' --emit=ir -g | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[:, ::1], int64, int64)' --emit=ir | FileCheck %s --check-prefix=RELEASE

from pyjit import cuda


@cuda.jit
def k(a, i, j):
    a[i, j] = 1.0

# CHECK-LABEL: func @k(
# CHECK: [[E0:%[0-9]+]] = shape 0 %a : int64
# CHECK-NEXT: [[LT0:%[0-9]+]] = cmp lt %i, [[E0]] : bool
# CHECK: condbr {{%[0-9]+}}, [[OK0:bb[0-9]+]], [[FAIL0:bb[0-9]+]]
# CHECK: [[FAIL0]]:
# CHECK-NEXT: raise 0 IndexError "index {0} is out of bounds for axis 0 with size {1}" at bounds-check-ir.py:13:7, %i, [[E0]]
# CHECK-NEXT: ret
# CHECK: raise 1 IndexError "index {0} is out of bounds for axis 1 with size {1}" at bounds-check-ir.py:13:10, %j,
# CHECK: store %a
# RELEASE-LABEL: func @k(
# RELEASE-NOT: raise
# RELEASE: store %a
