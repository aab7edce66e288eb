# `i, j = cuda.grid(2)` unpacks the pair of int64 global thread indices:
# i from the x dimension, j from the y dimension.
#
# RUN: %pyjitc %s --sig 'k(int64[:, ::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out):
    i, j = cuda.grid(2)
    out[0, 0] = i
    out[0, 1] = j
