# `for v in literal_unroll(t)` compiles the body once per element, each copy
# with its element's own type (numba's loop-body versioning): the int copy
# adds in int64, the float copy in float64; a plain loop over the same tuple
# unifies them (for-tuple-unified-type.py).
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda, literal_unroll


@cuda.jit
def k(out):
    for v in literal_unroll((7, 2.5)):
        out[0] += v

# CHECK-LABEL: func @k(
# CHECK-DAG: [[SEVEN:%[0-9]+]] = const 7 : int64
# CHECK-DAG: [[HALF:%[0-9]+]] = const 2.5 : float64
# CHECK: [[OLD:%[0-9]+]] = load %out[{{%[0-9]+}}] : int64
# CHECK: [[SUM:%[0-9]+]] = add [[OLD]], [[SEVEN]] : int64
# CHECK: store %out[{{%[0-9]+}}], [[SUM]]
# CHECK: [[OLD2:%[0-9]+]] = load %out[{{%[0-9]+}}] : int64
# CHECK: [[F:%[0-9]+]] = cast [[OLD2]] : int64 -> float64
# CHECK: add [[F]], [[HALF]] : float64
