# A recursive call before any return gives a type cannot be typed (numba's
# "cannot type infer runaway recursion"), with notes for the calls that led
# there.
#
# RUN: not %pyjitc %s --sig 'k(int64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit(device=True)
def runaway(x):
    return runaway(x)


@cuda.jit
def k(a):
    a[0] = runaway(a[0])

# CHECK: {{.*}}recursion-runaway.py:12:12: error: cannot type infer runaway recursion: device function 'runaway' calls itself before any of its returns gives a type (return a value before the recursive call, or declare its signature)
# CHECK-NEXT: {{^}}    return runaway(x){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~{{$}}
# CHECK: {{.*}}recursion-runaway.py:17:12: note: in the call of device function 'runaway' with argument types (int64)
# CHECK-NOT: error
