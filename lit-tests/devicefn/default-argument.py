# A parameter default (a number literal) is used when the call omits the
# argument: `scale(x)` multiplies by the default 3. The default is bound
# like an int64 argument, so float32 * int64 computes in float64 (NumPy).
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit(device=True)
def scale(v, factor=3):
    return v * factor


@cuda.jit
def k(out, x):
    out[0] = scale(x)

# CHECK-LABEL: func @k(
# (The conversion of the constant 3 to float64 is folded.)
# CHECK-DAG: [[DF:%[0-9]+]] = const 3 : float64
# CHECK-DAG: [[XF:%[0-9]+]] = cast %x : float32 -> float64
# CHECK: [[R:%[0-9]+]] = mul [[XF]], [[DF]] : float64
# CHECK: store %out[{{%[0-9]+}}], [[R]]
