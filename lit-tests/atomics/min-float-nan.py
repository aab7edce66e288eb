# atomic.min on floats keeps a stored NaN and ignores a NaN argument:
# `v if v < old else old` with an ordered compare, in a CAS loop.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float64[::1], float64)' --emit=llvm | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float64[::1], float64)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(a, v):
    cuda.atomic.min(a, 0, v)

# CHECK-LABEL: define {{.*}}void @k(
# CHECK: [[OLD:%[0-9]+]] = bitcast i64 {{%[0-9]+}} to double
# CHECK-NEXT: [[LT:%[0-9]+]] = fcmp olt double %v, [[OLD]]
# CHECK-NEXT: select i1 [[LT]], double %v, double [[OLD]]
# CHECK: cmpxchg ptr addrspace(1)
# CHECK-NOT: minnum
