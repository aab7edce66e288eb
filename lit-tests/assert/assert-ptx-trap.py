# In PTX a failing assert (with -g) calls vprintf and then executes trap.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ptx -g | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ptx -g | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(a, n):
    assert n < 10, "n too large"
    a[n] = 1

# CHECK: .extern .func {{.*}}vprintf
# CHECK-LABEL: .visible .entry k(
# CHECK: call.uni {{.*}}vprintf
# CHECK: trap;
