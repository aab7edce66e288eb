# A for loop over iter(...) has no trip count the CPU backend could run in
# chunks (for-loop-checks-interrupt-between-chunks.py): it counts its
# iterations as a while loop does (while-loop-checks-interrupt.py) and,
# every 1024th, reads the Ctrl-C flag; set, it records a KeyboardInterrupt
# for the loop ("in a for loop") and stops the thread. GPU code reads none.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float64[::1])' --target=cpu --emit=llvm | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float64[::1], float64[::1])' --emit=llvm | FileCheck %s --check-prefix=GPU

from pyjit import cuda


@cuda.jit
def k(a, out):
    it = iter(a)
    for x in it:
        out[0] += x

# CHECK-LABEL: define void @k__pyjit_host_entry(ptr {{.*}}%0,
# CHECK: [[SLOT:%[0-9]+]] = getelementptr inbounds nuw i8, ptr %0, i64 112
# CHECK: and i{{32|64}} {{%[0-9a-z.]+}}, 1023
# CHECK: interrupt.check{{.*}}:
# CHECK-NEXT: [[FLAG:%[0-9]+]] = load ptr, ptr [[SLOT]]
# CHECK-NEXT: load atomic i32, ptr [[FLAG]] monotonic
# GPU-NOT: interrupt
