# Augmented assignment with each arithmetic operator (+= -= *= /= //= %=
# **=) computes `x = x op e` with the usual typing: on an int64 local,
# `/=` makes it float64 from that point on (numba unifies the local to
# float64, so the int64 definitions are converted).
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, n):
    v = n
    v += 3
    v -= 1
    v *= 2
    v //= 3
    v %= 5
    v **= 2
    out[0] = v
    w = n
    w /= 2
    out[1] = w

# CHECK-LABEL: func @k(
# CHECK: [[A:%[0-9]+]] = add %n, {{%[0-9]+}} : int64
# CHECK: [[S:%[0-9]+]] = sub [[A]], {{%[0-9]+}} : int64
# CHECK: [[M:%[0-9]+]] = mul [[S]], {{%[0-9]+}} : int64
# CHECK: [[F:%[0-9]+]] = floordiv [[M]], {{%[0-9]+}} : int64
# CHECK: [[R:%[0-9]+]] = mod [[F]], {{%[0-9]+}} : int64
# CHECK: [[P:%[0-9]+]] = pow [[R]], {{%[0-9]+}} : int64
# CHECK: [[PF:%[0-9]+]] = cast [[P]] : int64 -> float64
# CHECK: store %out[{{%[0-9]+}}], [[PF]]
# w is float64 because of `w /= 2`, so its first definition is converted.
# CHECK: [[W:%[0-9]+]] = cast %n : int64 -> float64
# CHECK: [[Q:%[0-9]+]] = truediv [[W]], {{%[0-9]+}} : float64
# CHECK: store %out[{{%[0-9]+}}], [[Q]]
