# activemask() and lanemask_lt() are uint32 (activemask.b32 and the
# %lanemask_lt register).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(uint32[::1])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(uint32[::1])' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(uint32[::1])' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(out):
    out[0] = cuda.activemask()
    out[1] = cuda.lanemask_lt()

# IR-LABEL: func @k(
# IR: [[A:%[0-9]+]] = cuda.activemask : uint32
# IR: store %out[{{%[0-9]+}}], [[A]]
# IR: [[L:%[0-9]+]] = sreg lanemask_lt : uint32
# IR: store %out[{{%[0-9]+}}], [[L]]

# PTX-LABEL: .visible .entry k(
# PTX: activemask.b32
# PTX: %lanemask_lt
