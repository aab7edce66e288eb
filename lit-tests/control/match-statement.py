# `match` compares its subject, evaluated once, with each case's pattern in
# order: `case 1 | 2:` is `n == 1 or n == 2`, a guard is and-ed to its
# pattern, and `case _:` is the else. The subject `n * 2` is computed once.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, n):
    match n * 2:
        case 2 | 4:
            a[0] = 1.0
        case m if m > 10:
            a[0] = m
        case _:
            a[0] = 3.0

# CHECK-LABEL: func @k(
# CHECK: [[S:%[0-9]+]] = mul %n, {{%[0-9]+}} : int64
# CHECK-NOT: mul
# CHECK: cmp eq [[S]], {{%[0-9]+}} : bool
# CHECK: cmp eq [[S]], {{%[0-9]+}} : bool
# CHECK: cmp gt [[S]], {{%[0-9]+}} : bool
