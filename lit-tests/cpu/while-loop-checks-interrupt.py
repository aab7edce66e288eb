# On the CPU backend a while loop counts its iterations and, every 1024th,
# reads the int32 the runner's HostContext::interrupt points to (a monotonic
# atomic load); set, it records a KeyboardInterrupt for the loop and stops
# the thread. A for loop of one chunk (range(4) here; for-loop-checks-
# interrupt-between-chunks.py) reads no flag; GPU code reads none.
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

# CHECK-LABEL: define void @k__pyjit_host_entry(ptr {{.*}}%0,
# CHECK: [[SLOT:%[0-9]+]] = getelementptr inbounds nuw i8, ptr %0, i64 112
# CHECK: and i32 {{%[0-9a-z.]+}}, 1023
# CHECK: interrupt.check{{.*}}:
# CHECK-NEXT: [[FLAG:%[0-9]+]] = load ptr, ptr [[SLOT]]
# CHECK-NEXT: load atomic i32, ptr [[FLAG]] monotonic
# CHECK-NOT: load atomic
# GPU-NOT: interrupt
