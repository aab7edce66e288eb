# A GridGroup has one method, sync(); anything else is refused at the
# attribute.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' 2>&1 | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    g = cuda.cg.this_grid()
    g.size()

# CHECK: cg-grid-group-attribute.py:12:5: error: a GridGroup has one method, sync(), and no attribute 'size'
# CHECK-NEXT: g.size()
# CHECK-NEXT: ^~~~~~
