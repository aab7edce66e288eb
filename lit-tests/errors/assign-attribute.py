# Assigning to an attribute (here an array's shape) is an error at the target.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a.shape = (1,)

# CHECK: {{.*}}assign-attribute.py:10:5: error: assignment to an attribute is not supported in kernels
# CHECK-NEXT: {{^}}    a.shape = (1,){{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~{{$}}
# CHECK-NOT: error
