# The Ellipsis `...` as a statement (a placeholder body) does nothing, as in
# Python; anywhere but an array index it is an error at the `...`.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir | FileCheck %s
# RUN: not %pyjitc %s --sig 'bad(float32[::1])' --emit=ir 2>&1 | FileCheck %s --check-prefix=ERR --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    if a[0] > 0:
        ...
    a[0] = 1


@cuda.jit
def bad(a):
    a[0] = ... + 1

# CHECK-LABEL: func @k(
# CHECK: store
# CHECK-NEXT: ret
# ERR: {{.*}}ellipsis-statement.py:19:12: error: the Ellipsis '...' is supported only in an array index
# ERR-NEXT: {{^}}    a[0] = ... + 1{{$}}
# ERR-NEXT: {{^}}           ^~~{{$}}
