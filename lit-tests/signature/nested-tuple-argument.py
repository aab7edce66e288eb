# A nested tuple argument of mixed types is flattened into its leaves
# (t.0, t.1.0, t.1.1); unpacking and len() work as on any tuple.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], Tuple(int32, Tuple(float32, int64)))' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, t):
    p, (q, r) = t
    out[0] = p + q + r
    out[1] = len(t)

# CHECK-LABEL: func @k(%out: array(float64, 1d, C), %t.0: int32, %t.1.0: float32, %t.1.1: int64) -> none {
# p + q is int32 + float32, float64; then + int64 stays float64.
# CHECK-DAG: [[P:%[0-9]+]] = cast %t.0 : int32 -> float64
# CHECK-DAG: [[Q:%[0-9]+]] = cast %t.1.0 : float32 -> float64
# CHECK: [[S:%[0-9]+]] = add [[P]], [[Q]] : float64
# CHECK: [[R:%[0-9]+]] = cast %t.1.1 : int64 -> float64
# CHECK: add [[S]], [[R]] : float64
# CHECK: const 2 : float64
