# Storing the result of a device function that returns nothing says where the
# None comes from (it said only "a value of type none").
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s

from pyjit import cuda


@cuda.jit(device=True)
def f(x):
    y = x * 2


@cuda.jit
def k(a):
    i = cuda.grid(1)
    a[i] = f(a[i])

# CHECK: store-result-of-function-without-return.py:17:12: error: cannot store a value of type none into an array of float64 (a function without a `return value` gives None)
