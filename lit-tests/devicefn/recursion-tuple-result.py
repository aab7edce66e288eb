# A recursive device function returning a tuple returns it through one
# 1-element local array per number, which each caller allocates and passes
# after the arguments, and reads after the call.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit(device=True)
def fib_pair(n):
    if n == 0:
        return (0, 1.5)
    a, b = fib_pair(n - 1)
    return (int(b), a + b)


@cuda.jit
def k(out, n):
    f, g = fib_pair(n)
    out[0] = f + g

# CHECK-LABEL: func @k(
# CHECK: [[I:%[0-9]+]] = alloc local {{%[0-9]+}} : array(int64, 1d, C)
# CHECK: [[F:%[0-9]+]] = alloc local {{%[0-9]+}} : array(float64, 1d, C)
# CHECK: call @__pyjit_fn_fib_pair_0 {{%[0-9]+}}, [[I]], [[F]]
# CHECK: load [[I]][{{%[0-9]+}}] : int64
# CHECK: load [[F]][{{%[0-9]+}}] : float64
# CHECK-LABEL: func @__pyjit_fn_fib_pair_0(%n: int64, %$result.0: array(int64, 1d, C), %$result.1: array(float64, 1d, C)) -> none {
# CHECK: store %$result.0[{{%[0-9]+}}], {{%[0-9]+}}
# CHECK-NEXT: {{%[0-9]+}} = const 0 : int64
# CHECK-NEXT: store %$result.1[{{%[0-9]+}}], {{%[0-9]+}}
# CHECK-NEXT: ret
