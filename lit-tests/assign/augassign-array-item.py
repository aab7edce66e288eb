# `a[i, j] += x` on an array element loads the element, adds in the
# element type (float32 with a weak literal) and stores back to the same
# (wrapped) indices.
#
# RUN: %pyjitc %s --sig 'k(float32[:, ::1], int64, int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, i, j):
    a[i, j] += 2.0
