# A complex parameter and result of a device function compiled on its own:
# numba's C ABI passes and returns each as a {double, double} struct by
# value (a .b8 array parameter in PTX, as CUDA C passes a struct of two
# doubles); numba's own ABI passes the two parts, the result through the
# pointer passed first (numba-cuda gh-789 compiles this with abi="c").
#
# RUN: %pyjitc %s --sig 'div_by_2(complex128)' --abi=c --emit=llvm | FileCheck %s
# RUN: %pyjitc %s --sig 'div_by_2(complex128)' --abi=c --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'div_by_2(complex128)' --abi=numba --emit=llvm | FileCheck %s --check-prefix=NUMBA

from pyjit import cuda


@cuda.jit(device=True)
def div_by_2(x):
    return x / 2

# CHECK-LABEL: define { double, double } @div_by_2({ double, double } {{.*}}%x)
# CHECK: extractvalue { double, double } %x, 0
# CHECK: ret { double, double }

# PTX: .func (.param .align 8 .b8 func_retval0[16]) div_by_2(
# PTX-NEXT: .param .align 8 .b8 div_by_2_param_0[16]

# NUMBA-LABEL: define {{.*}}i32 @div_by_2(ptr {{.*}}, double {{.*}}%x.real, double {{.*}}%x.imag)
# NUMBA: store double
# NUMBA: ret i32 0
