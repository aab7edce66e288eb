# --index32 (every array argument spans less than 2^31 bytes) computes
# array offsets in 32-bit arithmetic: a 2-D row offset is mad.lo.s32, not a
# 64-bit multiply; without it the offset is 64-bit.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[:, ::1], int64, int64)' --index32 | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[:, ::1], int64, int64)' --index32 | %ptxas -arch=sm_90 -o /dev/null -
# RUN: %pyjitc %s --sig 'k(float32[:, ::1], int64, int64)' | FileCheck %s --check-prefix=WIDE

from pyjit import cuda


@cuda.jit
def k(a, i, j):
    a[i, j] = 1.0

# CHECK-LABEL: .entry k(
# CHECK: mad.lo.s32
# CHECK-NOT: {{mul|mad}}.lo.s64
# CHECK: st.global
# WIDE-LABEL: .entry k(
# WIDE: {{mul|mad}}.lo.s64
