# A name cuda.bf16 does not have is named at the call.
#
# RUN: not %pyjitc %s --sig 'k(array(float32, 1d, C))' --emit=ir 2>&1 | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out):
    out[0] = cuda.bf16.hadd_ru(1.0, 2.0)

# CHECK: unknown-bf16-function.py:[[@LINE-2]]:{{[0-9]+}}: error:
# CHECK-SAME: hadd_ru
