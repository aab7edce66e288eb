# cuda.fp16.hadd adds in float16; hmax returns the other operand for a NaN
# (CUDA's __hmax): a max of the swapped operands under two NaN selects; two
# zeros give their sum (+0 unless both are -0: +0 > -0, cuda_fp16.h).
#
# RUN: %pyjitc %s --sig 'k(float16[::1], float16, float16)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    out[0] = cuda.fp16.hadd(a, b)
    out[1] = cuda.fp16.hmax(a, b)

# CHECK-LABEL: func @k(
# CHECK: [[S:%[0-9]+]] = add %a, %b : float16
# CHECK: store %out[{{%[0-9]+}}], [[S]]
# CHECK: [[M:%[0-9]+]] = max %b, %a : float16
# CHECK: [[Z:%[0-9]+]] = select {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}} : bool
# CHECK: [[SUM:%[0-9]+]] = add %a, %b : float16
# CHECK: [[Z0:%[0-9]+]] = select [[Z]], [[SUM]], [[M]] : float16
# CHECK: [[NB:%[0-9]+]] = math.isnan %b : bool
# CHECK: [[T:%[0-9]+]] = select [[NB]], %a, [[Z0]] : float16
# CHECK: [[NA:%[0-9]+]] = math.isnan %a : bool
# CHECK: [[R:%[0-9]+]] = select [[NA]], %b, [[T]] : float16
# CHECK: store %out[{{%[0-9]+}}], [[R]]
