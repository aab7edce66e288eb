# `n, m = a.shape` unpacks the shape tuple into two int64 locals: one
# `shape` read per dimension, used directly by the comparisons.
#
# RUN: %pyjitc %s --sig 'k(float64[:, :], int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, out):
    n, m = a.shape
    out[0] = n
    out[1] = m
    out[2] = a.size

# CHECK-LABEL: func @k(%a: array(float64, 2d, A), %out: array(int64, 1d, C)) -> none {
# CHECK: [[N:%[0-9]+]] = shape 0 %a : int64
# CHECK: [[M:%[0-9]+]] = shape 1 %a : int64
# CHECK: store %out[{{%[0-9]+}}], [[N]]
# CHECK: store %out[{{%[0-9]+}}], [[M]]
# a.size is the product of the extents.
# CHECK: [[S0:%[0-9]+]] = shape 0 %a : int64
# CHECK: [[S1:%[0-9]+]] = shape 1 %a : int64
# CHECK: [[SIZE:%[0-9]+]] = mul [[S0]], [[S1]] : int64
# CHECK: store %out[{{%[0-9]+}}], [[SIZE]]
