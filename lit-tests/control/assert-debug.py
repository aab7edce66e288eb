# With -g (debug=True), `assert` is checked: a failing one raises its
# message at the assert's line (an error record the runtime reads after the
# launch); without -g the test is still evaluated and a failure ends the
# thread (ret.stop), as numba-cuda's PTX does, with no error record.
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ir -g | FileCheck %s --check-prefix=DEBUG
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ir | FileCheck %s --check-prefix=RELEASE

from pyjit import cuda


@cuda.jit
def k(a):
    assert a[0] > 0, "need a positive count"
    a[1] = a[0]

# DEBUG-LABEL: func @k(
# DEBUG: cmp gt
# DEBUG: condbr
# DEBUG: raise {{[0-9]+}} AssertionError "need a positive count" at assert-debug.py:14:5
# DEBUG-NEXT: ret
# RELEASE-LABEL: func @k(
# RELEASE-NOT: AssertionError
# RELEASE: cmp gt
# RELEASE: condbr [[OK:%[0-9]+]], bb2, bb1
# RELEASE: bb1:
# RELEASE-NEXT: ret.stop
# RELEASE-NOT: AssertionError
