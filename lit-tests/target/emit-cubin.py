# --emit=cubin links the PTX with nvJitLink (no GPU needed) into an ELF
# cubin; a binary is never written to a terminal, so -o is required.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=cubin -o %t.cubin
# RUN: od -A n -c -N 4 %t.cubin | FileCheck %s
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=cubin 2>&1 | FileCheck %s --check-prefix=NOOUT

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = 1.0

# CHECK: 177 E L F
# NOOUT: pyjitc: error: --emit=cubin writes a binary: give the output file with -o
