# A function with @overload typing functions (numba's extension API): each
# call gets the implementation its typing function returns for the call's
# argument types, compiled as a device function for them. pyjitc resolves
# them as the decorator does (the compile wants the variant, the typing
# function runs, the kernel compiles again).
#
# RUN: %pyjitc %s --sig 'k(float32[::1], int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda
from pyjit.extending import overload


def scale(x):
    pass


@overload(scale)
def ol_scale(x):
    if str(x) == "float32":
        return lambda x: x * 0.5
    return lambda x: x + 3


@cuda.jit
def k(f, i):
    f[0] = scale(f[0])
    i[0] = scale(i[0])

# CHECK-LABEL: func @k(
# CHECK: [[F:%[0-9]+]] = load %f[{{%[0-9]+}}] : float32
# CHECK: [[HALF:%[0-9]+]] = const 0.5 : float32
# CHECK: mul [[F]], [[HALF]] : float32
# CHECK: [[I:%[0-9]+]] = load %i[{{%[0-9]+}}] : int64
# CHECK: [[THREE:%[0-9]+]] = const 3 : int64
# CHECK: add [[I]], [[THREE]] : int64
