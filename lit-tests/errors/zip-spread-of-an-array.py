# '*' in a loop's zip() spreads a tuple; an array there is an error pointing
# at the starred argument (Python would iterate the array's rows instead).
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    for x in zip(*a):
        a[0] = x[0]

# CHECK: {{.*}}zip-spread-of-an-array.py:11:18: error: '*' unpacks a tuple here, not a value of type array(float64, 1d, C)
# CHECK-NEXT: {{^}}    for x in zip(*a):{{$}}
# CHECK-NEXT: {{^}}                 ^~{{$}}
