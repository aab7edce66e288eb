# libdevice is linked only when a kernel uses it: a kernel without math has
# no libdevice code or tables in its LLVM module, one with math.sin has the
# inlined __nv_sinf (and its reduction table).
#
# RUN: %pyjitc %s --sig 'plain(float32[::1], float32)' --emit=llvm -O0 | FileCheck %s --check-prefix=PLAIN
# RUN: %pyjitc %s --sig 'trig(float32[::1], float32)' --emit=llvm -O0 | FileCheck %s --check-prefix=TRIG

import math

from pyjit import cuda


@cuda.jit
def plain(out, x):
    out[0] = x * x


@cuda.jit
def trig(out, x):
    out[0] = math.sin(x)

# PLAIN-NOT: __nv_
# PLAIN-NOT: __cudart_
# PLAIN: define {{.*}}void @plain(
# PLAIN-NOT: __nv_
# PLAIN-NOT: __cudart_

# TRIG: __cudart_i2opi_f
# TRIG: define {{.*}}void @trig(
# TRIG: __nv_sinf
