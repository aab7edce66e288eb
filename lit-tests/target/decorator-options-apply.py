# pyjitc compiles a kernel with its decorator's options (fastmath,
# launch_bounds, lineinfo) where its command line gives none; a flag given
# on the command line wins.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ptx | FileCheck %s --check-prefix=DECO
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ptx --fastmath=ftz --max-threads=64 | FileCheck %s --check-prefix=CLI

import math

from pyjit import cuda


@cuda.jit(fastmath=True, launch_bounds=(128, 2), lineinfo=True)
def k(a):
    i = cuda.grid(1)
    a[i] = math.sin(a[i])

# DECO: .maxntid 128
# DECO: .minnctapersm 2
# DECO: .loc
# DECO: sin.approx.ftz.f32

# CLI: .maxntid 64
# CLI-NOT: .minnctapersm
# CLI-NOT: sin.approx
