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
