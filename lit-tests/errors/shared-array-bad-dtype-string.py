# A dtype given as a string must name a NumPy scalar type.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' 2>&1 | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    s = cuda.shared.array(4, dtype="float33")
    a[0] = s[0]

# CHECK: shared-array-bad-dtype-string.py:10:36: error: 'float33' is not a NumPy scalar type name
