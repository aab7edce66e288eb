# atomic.inc is defined on uint32 and uint64 arrays only: an int32 array is
# an error at the array argument.
#
# RUN: not %pyjitc %s --sig 'k(int32[::1], int32)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, v):
    cuda.atomic.inc(a, 0, v)

# CHECK: {{.*}}inc-signed-error.py:11:21: error: cuda.atomic.inc() is not supported on arrays of int32
# CHECK-NEXT: {{^}}    cuda.atomic.inc(a, 0, v){{$}}
# CHECK-NEXT: {{^}}                    ^{{$}}
# CHECK-NOT: error
