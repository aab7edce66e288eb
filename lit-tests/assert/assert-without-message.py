# With -g an assert without a message still reports AssertionError with the
# file and line of the assert before trapping.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ir -g | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, n):
    assert n > 0
    a[0] = n

# CHECK-LABEL: func @k(
# CHECK: [[C:%[0-9]+]] = cmp gt %n, {{%[0-9]+}} : bool
# CHECK-NEXT: condbr [[C]], [[OK:bb[0-9]+]], [[FAIL:bb[0-9]+]]
# CHECK: [[FAIL]]:
# CHECK-NEXT: print "AssertionError{{:?}} ({{.*}}assert-without-message.py:11)\n"
# CHECK: [[OK]]:
# CHECK: store %a
