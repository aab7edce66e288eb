# print() keyword arguments (end=, sep=, ...) are not supported: an error
# at the keyword.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, n):
    print(n, end="")

# CHECK: {{.*}}print-keyword-error.py:11:14: error: print() keyword arguments are not supported in kernels
# CHECK-NEXT: {{^}}    print(n, end=""){{$}}
# CHECK-NEXT: {{^}}             ^~~{{$}}
# CHECK-NOT: error
