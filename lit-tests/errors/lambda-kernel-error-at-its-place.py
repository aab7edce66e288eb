# A lambda kernel compiles as a generated def, but its errors name the
# file's own line and column and show the file's line: the body keeps its
# place, and the def's parameters are placed at the lambda's.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda

k = cuda.jit(lambda a: cuda.atomic.add(a, 0,
                                       nope))

# CHECK: {{.*}}lambda-kernel-error-at-its-place.py:10:40: error: name 'nope' is not defined
# CHECK-NEXT: {{^}}                                       nope)){{$}}
# CHECK-NEXT: {{^}}                                       ^~~~{{$}}
