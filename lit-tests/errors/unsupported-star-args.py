# Argument unpacking in a call is rejected at the `*`.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    t = (1, 2)
    a[0] = max(*t)

# CHECK: {{.*}}unsupported-star-args.py:11:16: error: argument unpacking ('*' or '**') is not supported in kernels
# CHECK-NEXT: {{^}}    a[0] = max(*t){{$}}
# CHECK-NEXT: {{^}}               ^{{$}}
# CHECK-NOT: error
