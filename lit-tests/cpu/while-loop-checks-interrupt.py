# On the CPU backend each iteration of a while loop reads the runner's
# Ctrl-C flag (pyjit_host_interrupt, a monotonic atomic load) and, when it
# is set, records a KeyboardInterrupt for the loop and stops the thread; a
# for loop over a range does not (it ends by itself).
#
# RUN: %pyjitc %s --sig 'k(int32[::1], float64[::1])' --target=cpu --emit=llvm | FileCheck %s
# RUN: %pyjitc %s --sig 'k(int32[::1], float64[::1])' --emit=llvm | FileCheck %s --check-prefix=GPU

from pyjit import cuda


@cuda.jit
def k(flag, out):
    for j in range(4):
        out[j] = 1.0
    while flag[0] == 0:
        out[0] += 1.0

# CHECK: @pyjit_host_interrupt = external {{.*}}global i32
# CHECK-LABEL: define void @k__pyjit_host_entry
# CHECK-COUNT-1: load atomic i32, ptr @pyjit_host_interrupt monotonic
# CHECK-NOT: load atomic i32, ptr @pyjit_host_interrupt
# GPU-NOT: pyjit_host_interrupt
