# Tuples of different lengths do not unify: a local assigned a pair and
# (in a branch) a triple is an error, with a note at the first definition.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(out, x):
    t = (1, 2)
    if x > 0:
        t = (1, 2, 3)
    out[0] = t[0]

# CHECK: {{.*}}unify-tuple-lengths.py:13:9: error: variable 't' is assigned both Tuple(int64, int64) and Tuple(int64, int64, int64), which do not unify
# CHECK-NEXT: {{^}}        t = (1, 2, 3){{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK: {{.*}}unify-tuple-lengths.py:11:5: note: 't' is Tuple(int64, int64) because of this definition
# CHECK-NEXT: {{^}}    t = (1, 2){{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
# CHECK-NOT: error
