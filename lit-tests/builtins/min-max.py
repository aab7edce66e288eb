# min and max of several numbers fold left to right into min/max ops of the
# common type: float32 with a weak Python float stays float32; int32 with
# int64 is int64.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], int64[::1], float32, float32, int32, int64)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1], int64[::1], float32, float32, int32, int64)' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(float32[::1], int64[::1], float32, float32, int32, int64)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(fout, iout, a, b, i, j):
    fout[0] = min(a, b, 0.5)
    iout[0] = max(i, j)

# IR-LABEL: func @k(
# IR: [[M1:%[0-9]+]] = libdevice.fminf %a, %b : float32
# IR: [[M2:%[0-9]+]] = libdevice.fminf [[M1]], {{%[0-9]+}} : float32
# IR: store %fout[{{%[0-9]+}}], [[M2]]
# IR: [[I:%[0-9]+]] = cast %i : int32 -> int64
# IR: [[X:%[0-9]+]] = max [[I]], %j : int64
# IR: store %iout[{{%[0-9]+}}], [[X]]

# numba.cuda lowers min/max of floats to libdevice's fminf/fmaxf: PTX
# min.f32, which drops a NaN operand.
# PTX-LABEL: .visible .entry k(
# PTX-NOT: .f64
# PTX: min.f32
# PTX: min.f32
# PTX-NOT: .f64
# PTX: max.s64
# PTX: ret;
