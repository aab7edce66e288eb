# With -g an assert without a message still raises AssertionError at the
# file and line of the assert.
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
# CHECK-NEXT: raise {{[0-9]+}} AssertionError "" at assert-without-message.py:11:5
# CHECK-NEXT: ret
# CHECK: [[OK]]:
# CHECK: store %a
