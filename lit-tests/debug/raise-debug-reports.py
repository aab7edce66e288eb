# With -g a raise records its error site and returns; the site names the
# exception class as module:qualname.
#
# RUN: %pyjitc %s -g --sig 'k(int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    if a[0] < 0:
        raise ValueError("negative")
    a[0] = 1

# CHECK-LABEL: func @k(
# CHECK: [[V:%[0-9]+]] = load %a[{{%[0-9]+}}] : int64
# CHECK: [[NEG:%[0-9]+]] = cmp lt [[V]], {{%[0-9]+}} : bool
# CHECK-NEXT: condbr [[NEG]], [[FAIL:bb[0-9]+]], [[NEXT:bb[0-9]+]]
# CHECK-NEXT: [[FAIL]]:
# CHECK-NEXT: raise {{[0-9]+}} builtins:ValueError "negative" at raise-debug-reports.py:12:9
# CHECK-NEXT: ret
# CHECK-NEXT: [[NEXT]]:
