# CPython's float_rem gives a zero remainder the sign of the divisor:
# -4.0 % 2.0 == 0.0 and 4.0 % -2.0 == -0.0 (fmod alone gives -0.0 and 0.0).
# The lowering therefore needs copysign(0.0, y) for a zero remainder.
#
# BUG: pyjit's float `%` returns fmod's zero unchanged (-4.0 % 2.0 gives
# -0.0); codegen/lib/LLVMEmitter.cpp Opcode::Mod has no copysign step.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float64, float64)' --emit=llvm -O0 | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, x, y):
    out[0] = x % y

# CHECK-LABEL: define {{.*}}void @k(
# CHECK: __nv_fmod
# CHECK: @llvm.copysign.f64(double {{[^,]*}}, double %y)
