# The truth value of an array is not defined (NumPy raises): an `if` on an
# array is an error at the condition.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    if a:
        a[0] = 1

# CHECK: {{.*}}array-truth-value.py:11:8: error: the truth value of an array(float32, 1d, C) is not supported in kernels
# CHECK-NEXT: {{^}}    if a:{{$}}
# CHECK-NEXT: {{^}}       ^{{$}}
# CHECK-NOT: error
