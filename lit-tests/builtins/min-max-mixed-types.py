# min/max of mixed types fold left to right in the promoted type: an int32
# and a float32 compare as float64 (NumPy promotion), so max(i, x) is
# float64, by Python's algorithm (numba-cuda's do_minmax: libdevice's fmax
# only for two float32/float64 arguments): x if x > i else i.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int32, float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, i, x):
    out[0] = max(i, x)

# CHECK-LABEL: func @k(
# CHECK-DAG: [[I:%[0-9]+]] = cast %i : int32 -> float64
# CHECK-DAG: [[X:%[0-9]+]] = cast %x : float32 -> float64
# CHECK: [[GT:%[0-9]+]] = cmp gt [[X]], [[I]] : bool
# CHECK: [[M:%[0-9]+]] = select [[GT]], [[X]], [[I]] : float64
# CHECK: store %out[{{%[0-9]+}}], [[M]]
