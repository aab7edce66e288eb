# On the CPU backend GridGroup.sync() is a call into the runner's barrier
# with the grid kind (5) and its line; the module says it synchronizes its
# grid, so the runner runs every block at once as fibers.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --target=cpu --emit=llvm | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    g = cuda.cg.this_grid()
    g.sync()
    a[cuda.threadIdx.x] = 1.0

# CHECK-DAG: @__pyjit_uses_grid_sync = {{.*}}constant i8 1
# CHECK-DAG: @__pyjit_uses_barriers = {{.*}}constant i8 1
# CHECK-LABEL: define void @k__pyjit_host_entry(
# CHECK: call i32 @pyjit_host_barrier(ptr {{.*}}%0, i32 5, i32 0, i32 13, ptr {{.*}}@{{.*}})
