# A constant negative index on a 2-d array wraps along its own axis:
# a[-1, 0] reads row shape[0] - 1; the non-negative constant 0 needs no
# adjustment in the generated code.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[:, ::1])' --emit=llvm | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a):
    out[0] = a[-1, 0]

# CHECK-LABEL: define {{.*}}void @k(
# CHECK: [[ROW:%[0-9]+]] = add {{(nsw )?}}i64 %a.shape0, -1
# CHECK-NEXT: mul i64 {{.*}}%a.stride0
