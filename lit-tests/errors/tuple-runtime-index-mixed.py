# A tuple indexed at run time needs elements of one type (numbers, strings, or
# tuples of numbers, selected leaf by leaf); a mixed one needs a constant
# index, and the message says what the tuple is. A slice of a tuple needs
# constant bounds.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1], int64)' 2>&1 | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, i):
    t = (1, (2, 3))
    a[0] = t[i]
    a[1] = (1, 2, 3)[i:][0]

# CHECK: tuple-runtime-index-mixed.py:14:14: error: a tuple indexed at run time needs elements of one type (numbers, strings, arrays, or tuples of them); this one is Tuple(int64, Tuple(int64, int64)): index it with a constant
# CHECK: tuple-runtime-index-mixed.py:15:22: error: a slice of a tuple needs constant integer bounds
