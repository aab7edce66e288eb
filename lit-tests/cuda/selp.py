# cuda.selp(c, a, b) selects a when c is true, else b, evaluating both (a
# select, no branch), in the operands' type.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, float32, int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b, n):
    out[0] = cuda.selp(n > 0, a, b)

# CHECK-LABEL: func @k(
# CHECK: [[C:%[0-9]+]] = cmp gt %n, {{%[0-9]+}} : bool
# CHECK-NEXT: [[S:%[0-9]+]] = select [[C]], %a, %b : float32
# CHECK-NOT: condbr
# CHECK: store %out[{{%[0-9]+}}], [[S]]
