# The debug checks of shared and local arrays compile through ptxas; the
# failing path writes the error record and returns without trapping.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(int32[::1], int64)' -g | FileCheck %s
# RUN: %pyjitc %s --sig 'k(int32[::1], int64)' -g | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda, int32


@cuda.jit
def k(out, i):
    s = cuda.shared.array(64, int32)
    t = cuda.local.array(4, int32)
    s[i] = 1
    t[i] = 2
    out[0] = s[i] + t[i]

# CHECK: .visible .global .align 8 .b8 __pyjit_error[128];
# CHECK-LABEL: .entry k(
# CHECK: atom{{.*}}.global.cas.b64 {{.*}}[__pyjit_error]
# CHECK-NOT: trap;
