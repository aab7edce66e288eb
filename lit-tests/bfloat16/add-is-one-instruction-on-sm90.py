# On sm_90 two bfloat16 values add, multiply and compare in bfloat16
# instructions (PTX ISA 7.8), with no round trip through float32.
#
# RUN: %pyjitc %s --sig 'k(bfloat16, bfloat16, array(bfloat16, 1d, C), array(bool, 1d, C))' --emit=ptx --arch=sm_90 | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(x, y, out, flags):
    out[0] = x + y
    out[1] = x * y
    flags[0] = x < y

# CHECK-LABEL: .entry k(
# CHECK-DAG: add.{{(rn.)?}}bf16
# CHECK-DAG: mul.{{(rn.)?}}bf16
# CHECK-DAG: setp.lt.bf16
# CHECK-NOT: cvt.f32.bf16
