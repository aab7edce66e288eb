# A plain `for` over a tuple whose elements do not unify (an array and a
# number here) is an error at the iterable that points to literal_unroll,
# which compiles the body once per element.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1], Tuple(float64[::1], int64))' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(out, t):
    for v in t:
        out[0] = 1.0

# CHECK: for-over-mixed-tuple-suggests-literal-unroll.py:12:14: error: a 'for' loop over a tuple needs elements that unify (numbers, tuples of one length, arrays of one type), got Tuple(array(float64, 1d, C), int64) (literal_unroll(t) compiles the body once per element, each of its own type)
# CHECK-NEXT:     for v in t:
# CHECK-NEXT:              ^
