# A device function that returns nothing is called as a statement; its
# side effects (the store into the array argument) are inlined.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit(device=True)
def put(arr, i, v):
    arr[i] = v


@cuda.jit
def k(out, x):
    put(out, 3, x)

# CHECK-LABEL: func @k(
# CHECK: [[I:%[0-9]+]] = const 3 : int64
# CHECK: store %out[{{%[0-9]+}}], %x
# CHECK: ret
