# A list comprehension as a `for` loop's iterable is rejected where it is
# typed, over the whole comprehension.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    for v in [i * 2 for i in range(3)]:
        a[0] += v

# CHECK: {{.*}}unsupported-list-comprehension-in-for.py:11:14: error: a list comprehension is not supported in kernels; a tuple holds a few values ((a, b)), cuda.local.array(n, dtype) an array
# CHECK-NEXT: {{^}}    for v in [i * 2 for i in range(3)]:{{$}}
# CHECK-NEXT: {{^}}             ^~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: error
