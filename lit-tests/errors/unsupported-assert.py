# `assert` is not supported yet (docs/language.md, "Not yet"): rejected at
# the keyword.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    assert a[0] > 0
    a[0] = 1

# CHECK: {{.*}}unsupported-assert.py:11:5: error: an 'assert' statement is not supported in kernels
# CHECK-NEXT: {{^}}    assert a[0] > 0{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~{{$}}
# CHECK-NOT: error
