# cuda.const.array_like (constant memory) is not supported yet; the error
# is at the `cuda.const` attribute.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    c = cuda.const.array_like(a)
    a[0] = c[0]

# CHECK: {{.*}}unsupported-const-array-like.py:11:9: error: 'cuda.const.array_like' (constant memory) is not supported in kernels yet
# CHECK-NEXT: {{^}}    c = cuda.const.array_like(a){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~{{$}}
# CHECK-NOT: error
