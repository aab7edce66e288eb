# An integer becomes bfloat16 rounded once: an int32 by cvt.rn.bf16.s32 (LLVM
# folds the float64 step away, it being exact), an int64 through float64 (no
# PTX conversion from s64 to bf16; the float64 moved back one step toward the
# integer where it rounded); through float32 an int32 above 2**24 would round
# twice.
#
# RUN: %pyjitc %s --sig 'k(int32, array(bfloat16, 1d, C))' --emit=ptx | FileCheck %s --check-prefix=I32
# RUN: %pyjitc %s --sig 'k(int64, array(bfloat16, 1d, C))' --emit=ptx | FileCheck %s --check-prefix=I64

from pyjit import cuda


@cuda.jit
def k(v, out):
    out[0] = v

# I32: cvt.rn.bf16.s32
# I32-NOT: cvt.rn.f32
# I64: cvt.rn.f64.s64
# I64: cvt.rzi.s64.f64
# I64: cvt.rn.bf16.f64
# I64-NOT: cvt.rn.f32
