# type(x) of a number is its scalar type; calling it casts, as numba-cuda
# types it: type(n)(x) of an int32 n truncates a float64 to int32 (saturating), and
# type(f)(n) of a float32 f converts an int64 to float.
#
# RUN: %pyjitc %s --sig 'k(int32[::1], float32[::1], int32, float32, float64, int64)' --emit=llvm | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(iout, fout, n, f, x, m):
    iout[0] = type(n)(x)
    fout[0] = type(f)(m)

# CHECK-LABEL: define {{.*}}void @k(
# CHECK: call i32 @llvm.fptosi.sat.i32.f64(double %x)
# CHECK: sitofp i64 %m to float
