# An attribute a module used in a kernel lacks is an error at the attribute,
# as Python's AttributeError would be.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace


from pyjit import cuda

import Inputs.helpers_for_errors as h


@cuda.jit
def k(a):
    a[0] = h.SCALEE

# CHECK: {{.*}}module-attribute-missing.py:14:12: error: module 'Inputs.helpers_for_errors' has no attribute 'SCALEE'
# CHECK-NEXT: {{^}}    a[0] = h.SCALEE{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~{{$}}
# CHECK-NOT: error
