# On the CPU backend (--target=cpu) cuda.syncthreads is a call into the
# runner (pyjit_host_barrier, with its line and file for error messages), the module
# says it uses barriers (the runner then runs threads as fibers), thread
# indices come from the context the runner passes, and the runner's entry
# loads each parameter from its slot.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --target=cpu --emit=llvm | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    cuda.syncthreads()
    a[cuda.threadIdx.x] = 1.0

# CHECK: @__pyjit_uses_barriers = {{.*}}constant i8 1
# CHECK-LABEL: define void @k__pyjit_host_entry(ptr {{.*}}%0, ptr {{.*}}%1)
# CHECK: call i32 @pyjit_host_barrier(ptr {{.*}}%0, i32 0, i32 0, i32 14, ptr {{.*}}@{{.*}})
# CHECK: load i32, ptr %0
# CHECK: store float 1.000000e+00
