# An unknown fastmath flag is an error that lists the known ones.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --fastmath=fast-please 2>&1 | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = 1.0

# CHECK: pyjitc: error: --fastmath: unknown fastmath flag 'fast-please' (known: ftz, arcp, afn, contract, nnan, ninf, nsz, reassoc)
