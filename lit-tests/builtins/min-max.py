# min and max of several numbers fold left to right in the common type:
# float32 with a weak Python float stays float32; int32 with int64 is int64.
# Three floats take Python's algorithm, as numba-cuda's do_minmax does
# (acc = v if v < acc else acc: a NaN first stays).
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
# IR: [[L1:%[0-9]+]] = cmp lt %b, %a : bool
# IR: [[M1:%[0-9]+]] = select [[L1]], %b, %a : float32
# IR: [[L2:%[0-9]+]] = cmp lt [[H:%[0-9]+]], [[M1]] : bool
# IR: [[M2:%[0-9]+]] = select [[L2]], [[H]], [[M1]] : float32
# IR: store %fout[{{%[0-9]+}}], [[M2]]
# IR: [[I:%[0-9]+]] = cast %i : int32 -> int64
# IR: [[X:%[0-9]+]] = max [[I]], %j : int64
# IR: store %iout[{{%[0-9]+}}], [[X]]

# In the PTX, compares and selects in float32 (no min.f32, which would drop
# a NaN operand), max.s64 for the integers.
# PTX-LABEL: .visible .entry k(
# PTX-NOT: .f64
# PTX-NOT: min.f32
# PTX: max.s64
# PTX: ret;
