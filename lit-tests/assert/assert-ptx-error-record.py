# In PTX a failing assert (with -g) claims the kernel's error record with a
# compare-and-swap (site + 1 into word 0), writes the thread and block index
# and returns: no trap, so the context survives and the runtime can raise.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ptx -g | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ptx -g | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(a, n):
    assert n < 10, "n too large"
    a[n] = 1

# CHECK: .visible .global .align 8 .b8 __pyjit_error[128];
# CHECK-LABEL: .visible .entry k(
# CHECK: atom{{.*}}.global.cas.b64 {{.*}}[__pyjit_error], 0, 1;
# CHECK: st.global.b64 [__pyjit_error+24], {{%rd[0-9]+}};
# CHECK-NOT: trap;
# CHECK: ret;
