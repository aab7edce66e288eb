# A device function that calls itself is not inlined there: the kernel
# inlines the first call, and the recursive ones are calls of a function of
# the module that returns its value. A literal argument (fact(5)) does not
# unroll the recursion: the recursive calls take no constants, so only the
# two inlined levels fold.
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit(device=True)
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)


@cuda.jit
def k(a):
    a[0] = fact(5)

# CHECK-LABEL: func @k(
# CHECK: [[THREE:%[0-9]+]] = const 3 : int64
# CHECK: [[M:%[0-9]+]] = call @__pyjit_fn_fact_0 [[THREE]] : int64
# CHECK: [[P:%[0-9]+]] = mul {{%[0-9]+}}, [[M]] : int64
# CHECK: mul {{%[0-9]+}}, [[P]] : int64
# CHECK-LABEL: func @__pyjit_fn_fact_0(%n: int64) -> int64 {
# CHECK: cmp le %n,
# CHECK: ret {{%[0-9]+}}
# CHECK: [[R:%[0-9]+]] = call @__pyjit_fn_fact_0 {{%[0-9]+}} : int64
# CHECK: mul %n, [[R]] : int64
# CHECK-NOT: func @
