# An undefined name names the closest local or global one, or the import a
# module kernels use lacks (Python's "Did you mean").
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s

from pyjit import cuda

scale = 2.0


@cuda.jit
def k(a):
    total = a[0] * scale
    a[0] = total * scael + totl + math.pi

# CHECK: undefined-name-suggests.py:14:20: error: name 'scael' is not defined (did you mean 'scale'?)
# CHECK: undefined-name-suggests.py:14:28: error: name 'totl' is not defined (did you mean 'total'?)
# CHECK: undefined-name-suggests.py:14:35: error: name 'math' is not defined (did you forget to import math?)
