# Without -g a raise ends the thread (numba.cuda): a plain return, no
# error site.
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    if a[0] < 0:
        raise ValueError("negative")
    a[0] = 1

# CHECK-LABEL: func @k(
# CHECK-NOT: raise
# CHECK: condbr {{%[0-9]+}}, [[FAIL:bb[0-9]+]], [[NEXT:bb[0-9]+]]
# CHECK: [[FAIL]]:
# CHECK-NEXT: ret
# CHECK: [[NEXT]]:
# CHECK: store %a
