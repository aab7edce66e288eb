# An overload whose typing function takes *args gets the further arguments'
# types one by one (numba's), and the implementation's *args takes them as a
# tuple: here three, so the typing function's len(rest) is 2.
#
# RUN: %pyjitc %s --sig 'k(float64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda
from pyjit.extending import overload


def count(a, *rest):
    pass


@overload(count)
def ol_count(a, *rest):
    n = len(rest)
    return lambda a, *rest: a + n


@cuda.jit
def k(out):
    out[0] = count(1.5, 2, 3)

# CHECK-LABEL: func @k(
# CHECK: [[A:%[0-9]+]] = const 1.5 : float64
# CHECK-NEXT: [[N:%[0-9]+]] = const 2 : float64
# CHECK-NEXT: add [[A]], [[N]] : float64
