# With -g (debug=True), `assert` is checked: a failing one prints the message
# with file and line, then traps; without it the statement vanishes.
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
# DEBUG: print "AssertionError: need a positive count ({{.*}}assert-debug.py:12)\n"
# DEBUG-NEXT: cuda.<trap>
# DEBUG-NEXT: ret
# RELEASE-LABEL: func @k(
# RELEASE-NOT: AssertionError
# RELEASE-NOT: cmp gt
