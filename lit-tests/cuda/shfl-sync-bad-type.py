# Shuffles move 32- and 64-bit integers and floats: a float16 value is an
# error at the value argument.
#
# RUN: not %pyjitc %s --sig 'k(float16[::1], float16)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, h):
    a[0] = cuda.shfl_sync(0xffffffff, h, 0)

# CHECK: {{.*}}shfl-sync-bad-type.py:11:39: error: cuda.shfl_sync() shuffles 32- and 64-bit integers and floats, not float16
# CHECK-NEXT: {{^}}    a[0] = cuda.shfl_sync(0xffffffff, h, 0){{$}}
# CHECK-NEXT: {{^}}                                      ^{{$}}
# CHECK-NOT: error
