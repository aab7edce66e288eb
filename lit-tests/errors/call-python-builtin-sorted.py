# A Python built-in outside the supported ones (here sorted) is a call of
# something that is not supported: the error names it as such, rather
# than claiming that the name is undefined (it is defined in Python).
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = sorted((1, 2))[0]

# CHECK: {{.*}}call-python-builtin-sorted.py:12:12: error: {{.*}}'sorted'{{.*}} is not supported in kernels
# CHECK-NEXT: {{^}}    a[0] = sorted((1, 2))[0]{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~{{$}}
# CHECK-NOT: error
