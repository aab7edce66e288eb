# print() of a float32 (or float16) passes a double for %f, as C varargs
# require.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, float16)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, x, h):
    print(x, h)

# CHECK-LABEL: func @k(
# CHECK-DAG: [[X:%[0-9]+]] = cast %x : float32 -> float64
# CHECK-DAG: [[H:%[0-9]+]] = cast %h : float16 -> float64
# CHECK: print "%f %f\n", [[X]], [[H]]
