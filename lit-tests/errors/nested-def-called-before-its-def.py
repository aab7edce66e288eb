# A nested function called before its def statement has run is an error at
# the name (Python raises NameError there; numba refuses it), also through a
# sibling def that calls it.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    def g(v):
        return f(v) * 2
    a[0] = f(a[0])
    a[1] = g(a[1])
    def f(v):
        return v + 2.0

# CHECK: {{.*}}nested-def-called-before-its-def.py:14:12: error: function 'f' is used before its def statement runs
# CHECK-NEXT: {{^}}    a[0] = f(a[0]){{$}}
# CHECK: {{.*}}nested-def-called-before-its-def.py:13:16: error: function 'f' is used before its def statement runs
