# A constant expression whose value does not fit in int64 is an error at
# the expression (Python's integers would grow; kernels compute in 64 bits).
#
# RUN: not %pyjitc %s --sig 'k(int64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda

BIG = 2 ** 62


@cuda.jit
def k(a):
    a[0] = BIG * 4

# CHECK: {{.*}}constant-expression-overflow.py:13:12: error: this constant expression overflows int64 {{.*}}
# CHECK-NEXT: {{^}}    a[0] = BIG * 4{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~{{$}}
# CHECK-NOT: error
