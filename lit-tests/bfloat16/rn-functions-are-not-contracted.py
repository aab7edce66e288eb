# hadd_rn(hmul_rn(a, b), c) stays a multiply and an add (cuda_bf16.h's _rn:
# "prevents floating-point contractions of mul+add into fma"), while the
# plain a * b + c may become one fma.
#
# RUN: %pyjitc %s --sig 'k(bfloat16, bfloat16, bfloat16, array(bfloat16, 1d, C))' --emit=ptx --arch=sm_90 | FileCheck %s

from pyjit import cuda
from pyjit.cuda.bf16 import hadd_rn, hmul_rn


@cuda.jit
def k(a, b, c, out):
    out[0] = hadd_rn(hmul_rn(a, b), c)

# CHECK-LABEL: .entry k(
# CHECK: mul.rn.f32
# CHECK: add.rn.f32
# CHECK-NOT: fma.rn
# CHECK: ret;
