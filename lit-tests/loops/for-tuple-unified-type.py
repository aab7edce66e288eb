# Over a tuple of mixed numbers `(1, 2, 3.5)` the loop variable takes the
# unified element type, float64: the int elements are converted.
#
# RUN: %pyjitc %s --sig 'k(float64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out):
    s = 0.0
    for v in (1, 2, 3.5):
        s += v
    out[0] = s

# CHECK-LABEL: func @k(
# The int elements are converted to float64 (the conversions of the
# constants fold).
# CHECK-NOT: phi
# CHECK-DAG: [[E1:%[0-9]+]] = const 1 : float64
# CHECK-DAG: [[E2:%[0-9]+]] = const 2 : float64
# CHECK-DAG: [[E3:%[0-9]+]] = const 3.5 : float64
# CHECK-DAG: [[S1:%[0-9]+]] = add {{%[0-9]+}}, [[E1]] : float64
# CHECK-DAG: [[S2:%[0-9]+]] = add [[S1]], [[E2]] : float64
# CHECK-DAG: [[S3:%[0-9]+]] = add [[S2]], [[E3]] : float64
# CHECK: store %out[{{%[0-9]+}}], [[S3]]
# CHECK-NOT: phi
