# Heterogeneous tuples are values: `t[k]` with a constant k (negative k
# counts from the end) picks the element with its own type, without any
# tuple in the IR.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int32, float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, i, x):
    t = (i, x, True)
    out[0] = t[1]
    out[1] = t[0]
    out[2] = t[-1]

# CHECK-LABEL: func @k(
# CHECK: [[X:%[0-9]+]] = cast %x : float32 -> float64
# CHECK: store %out[{{%[0-9]+}}], [[X]]
# CHECK: [[I:%[0-9]+]] = cast %i : int32 -> float64
# CHECK: store %out[{{%[0-9]+}}], [[I]]
# t[-1] is True, stored as 1.0 (the conversion of the constant folds).
# CHECK: [[BF:%[0-9]+]] = const 1 : float64
# CHECK: store %out[{{%[0-9]+}}], [[BF]]
