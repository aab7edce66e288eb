# Complex `/` and `**` are computed as CPython does (its complex division
# and power algorithms), in the operands' complex type.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(complex128[::1], complex128, complex128)' --emit=ir | FileCheck %s
# RUN: %pyjitc %s --sig 'k(complex128[::1], complex128, complex128)' --emit=llvm | FileCheck %s --check-prefix=LLVM
# RUN: %pyjitc %s --sig 'k(complex128[::1], complex128, complex128)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(out, z, w):
    out[0] = z / w
    out[1] = z ** w
    out[2] = z ** 3

# CHECK-LABEL: func @k(
# CHECK: truediv %z, %w : complex128
# CHECK: pow %z, %w : complex128
# CHECK: pow %z, {{%[0-9]+}} : complex128

# CPython's _Py_c_quot (Smith's method): scale by the larger of |w.real|
# and |w.imag|, choosing between the two quotients with a select.
# LLVM-LABEL: define {{.*}}void @k(
# LLVM: [[AR:%[0-9]+]] = {{.*}}call double @llvm.fabs.f64(double %w.real)
# LLVM: [[AI:%[0-9]+]] = {{.*}}call double @llvm.fabs.f64(double %w.imag)
# LLVM: [[GE:%[0-9]+]] = fcmp oge double [[AR]], [[AI]]
# LLVM: fdiv double %w.imag, %w.real
# LLVM: fdiv double %w.real, %w.imag
# LLVM: select i1 [[GE]]
