# The value of an atomic is converted to the array's dtype: adding the int
# literal 1 to a float32 array adds 1.0f; adding an int64 to an int32
# array truncates to int32.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], int32[::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(f, i, n):
    cuda.atomic.add(f, 0, 1)
    cuda.atomic.add(i, 0, n)

# CHECK-LABEL: func @k(
# CHECK: [[ONE:%[0-9]+]] = const 1 : float32
# CHECK-NEXT: cuda.atomic.add %f, {{%[0-9]+}}, [[ONE]] : float32
# CHECK: [[N:%[0-9]+]] = cast %n : int64 -> int32
# CHECK-NEXT: cuda.atomic.add %i, {{%[0-9]+}}, [[N]] : int32
