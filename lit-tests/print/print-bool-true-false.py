# A bool prints as True or False (numba.cuda's format): the %s argument is
# a select between the two strings.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=llvm | FileCheck %s --check-prefix=LLVM
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(a, x):
    print(x > 0)

# IR-LABEL: func @k(
# IR: [[C:%[0-9]+]] = cmp gt %x, {{%[0-9]+}} : bool
# IR: print "%s\n", [[C]]

# LLVM-DAG: c"True\00"
# LLVM-DAG: c"False\00"
# LLVM-DAG: c"%s\0A\00"
# LLVM: define {{.*}}void @k(
# LLVM: select i1
# LLVM: call i32 @vprintf(
