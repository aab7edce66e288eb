# On the CPU backend a float64 becomes bfloat16 through compiler-rt's
# __truncdfbf2 (rounded once); LLVM's x86 lowering of the fptrunc would go
# through float32.
#
# RUN: %pyjitc %s --sig 'k(float64, array(bfloat16, 1d, C))' --emit=llvm --target=cpu | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(x, out):
    out[0] = x

# CHECK: declare bfloat @__truncdfbf2(double)
# CHECK: call bfloat @__truncdfbf2(double %{{[0-9]+}})
