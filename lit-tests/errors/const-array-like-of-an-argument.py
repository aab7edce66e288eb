# cuda.const.array_like copies a *global* NumPy array into constant memory
# when the kernel compiles; a kernel argument has no value then, so it is
# rejected at the call.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    c = cuda.const.array_like(a)
    a[0] = c[0]

# CHECK: {{.*}}const-array-like-of-an-argument.py:12:9: error: cuda.const.array_like() takes a global NumPy array (it is copied into constant memory when the kernel compiles)
# CHECK-NEXT: {{^}}    c = cuda.const.array_like(a){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: error
