# a.size() and a.shape(0), NumPy's attributes called as methods, say what to
# write (they said only "a value of type int64 is not callable").
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    if cuda.grid(1) < a.size():
        a[0] = 1.0
    if cuda.grid(1) < a.shape(0):
        a[0] = 1.0

# CHECK: array-attribute-called.py:11:23: error: a value of type int64 is not callable (a.size is an attribute, not a method: write a.size)
# CHECK: array-attribute-called.py:13:23: error: a value of type Tuple(int64) is not callable (a.shape is a tuple: a.shape[0], not a.shape(0))
