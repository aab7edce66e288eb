# f(*tup) spreads a tuple into positional parameters of a device function,
# with more positional and keyword arguments around it; each tuple is
# evaluated once. Here everything folds: f(2, 3) = 7, f(2, 3, 10) = 16,
# f(1, 4, c=0.5) = 4.5, f(c=0.5, *t) (Python's spelling of f(*t, c=0.5)) = 6.5.
#
# RUN: %pyjitc %s --emit=llvm | FileCheck %s

from pyjit import cuda


@cuda.jit(device=True)
def f(a, b, c=1.0):
    return a * b + c


@cuda.jit("void(float64[::1])")
def k(out):
    t = (2.0, 3.0)
    out[0] = f(*t)
    out[1] = f(*t, 10.0)
    u = (4.0,)
    out[2] = f(1.0, *u, c=0.5)
    out[3] = f(c=0.5, *t)

# CHECK-LABEL: define {{.*}}void @k(
# CHECK: store double 7.000000e+00
# CHECK: store double 1.600000e+01
# CHECK: store double 4.500000e+00
# CHECK: store double 6.500000e+00
