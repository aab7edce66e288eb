# Iterating over a 2-d array yields its row views a[k] (as NumPy iterates):
# one ArrayView per iteration that indexes dimension 0 with the loop's
# counter and keeps dimension 1 whole; a C array's rows stay C.
#
# RUN: %pyjitc %s --sig 'k(float32[:, ::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    for row in a:
        row[0] = 1

# CHECK-LABEL: func @k(
# CHECK: shape 0 %a : int64
# CHECK: [[IV:%[0-9]+]] = phi [%{{[0-9]+}}, bb0], [%{{[0-9]+}}, bb{{[0-9]+}}] : int64
# CHECK: [[ROW:%[0-9]+]] = view %a, [[IV]], %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}} : array(float32, 1d, C)
# CHECK: store [[ROW]][
