# A method given typing functions with overload_method (numba's extension
# API): `x.name(args)` calls the implementation the typing function
# registered for x's type returns, with x first. pyjitc resolves it as the
# decorator does.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda, types
from pyjit.extending import overload_method


@overload_method(types.Float, "halved")
def ol_halved_float(x):
    return lambda x: x * 0.5


@overload_method(types.Integer, "halved")
def ol_halved_int(x):
    return lambda x: x >> 1


@cuda.jit
def k(f, i):
    f[0] = f[1].halved()
    i[0] = i[1].halved()

# CHECK-LABEL: func @k(
# CHECK: [[F:%[0-9]+]] = load %f[{{%[0-9]+}}] : float32
# CHECK: [[HALF:%[0-9]+]] = const 0.5 : float32
# CHECK: mul [[F]], [[HALF]] : float32
# CHECK: [[I:%[0-9]+]] = load %i[{{%[0-9]+}}] : int64
# CHECK: [[ONE:%[0-9]+]] = const 1 : int64
# CHECK: shr [[I]], [[ONE]] : int64
