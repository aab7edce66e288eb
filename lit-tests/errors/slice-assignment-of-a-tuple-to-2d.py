# A tuple fills a 1-d slice only; into a 2-d view it is an error at the value.
#
# RUN: not %pyjitc %s --sig 'k(float32[:, ::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[:, :] = (1.0, 2.0)

# CHECK: {{.*}}slice-assignment-of-a-tuple-to-2d.py:10:15: error: cannot assign a value of type Tuple(float64, float64) to array(float32, 2d, C) (a slice): a tuple fills a 1-d one only
# CHECK-NEXT: {{^}}    a[:, :] = (1.0, 2.0){{$}}
# CHECK-NEXT: {{^}}              ^~~~~~~~~~{{$}}
# CHECK-NOT: error
