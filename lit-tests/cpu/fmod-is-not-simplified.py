# On the CPU backend fmod (of % and // on floats) stays a call of the C
# library's: every function says no-builtin-fmod, since LLVM 22 rewrites
# fmod(x, y) as `frem nnan` and a NaN y then makes the value poison.
#
# RUN: %pyjitc %s --sig 'k(float64[::1])' --target=cpu --emit=llvm | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = a[1] % a[2]

# CHECK-LABEL: define void @k__pyjit_host_entry
# CHECK: call double @fmod(
# CHECK-NOT: frem
# CHECK: attributes #{{[0-9]+}} = { {{.*}}"no-builtin-fmod" "no-builtin-fmodf"
