# The field of a record array (a.v2, a['v2']) is a view: the field's dtype
# at its byte offset into each element, the same extents and strides (A
# layout: the stride is the record's size).
#
# RUN: %pyjitc %s --sig 'k(array(Record(v1[type=int64;offset=0],v2[type=float64;offset=8];16;False), 1d, C), float64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(x, out):
    out[0] = x.v2[1] + x["v2"][2]

# CHECK-LABEL: func @k(
# CHECK: [[V:%[0-9]+]] = field_array +8 %x : array(float64, 1d, A)
# CHECK: load [[V]][{{%[0-9]+}}] : float64
# CHECK: [[W:%[0-9]+]] = field_array +8 %x : array(float64, 1d, A)
# CHECK: load [[W]][{{%[0-9]+}}] : float64
