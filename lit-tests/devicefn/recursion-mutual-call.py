# Mutual recursion (even -> odd -> even): the call that closes the cycle is
# a call of even's own function, inside which odd is inlined.
#
# RUN: %pyjitc %s --sig 'k(bool[::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit(device=True)
def even(n):
    if n == 0:
        return True
    return odd(n - 1)


@cuda.jit(device=True)
def odd(n):
    if n == 0:
        return False
    return even(n - 1)


@cuda.jit
def k(a, n):
    a[0] = even(n)

# CHECK-LABEL: func @k(
# CHECK: call @__pyjit_fn_even_0 {{%[0-9]+}} : bool
# CHECK-LABEL: func @__pyjit_fn_even_0(%n: int64) -> bool {
# CHECK: call @__pyjit_fn_even_0 {{%[0-9]+}} : bool
# CHECK-NOT: func @
