# print() inside a kernel is rejected at the call's name.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    i = cuda.grid(1)
    print(a[i])

# CHECK: {{.*}}unsupported-print.py:11:5: error: print() is not supported in kernels
# CHECK-NEXT: {{^}}    print(a[i]){{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NOT: error
