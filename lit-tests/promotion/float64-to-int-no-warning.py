# float64 arithmetic inside int(), round(x), range(), math.floor, ceil,
# trunc or an integer dtype's constructor makes a whole number (an index),
# where float32 would lose digits above 2**24: no float64 warning there
# (but inside a call there, int(math.sqrt(x * 0.1)), and for integers
# divided elsewhere). The same arithmetic elsewhere warns, and its note
# names the operand that makes it float64: the float64 one, else the
# integer (an integer and a float give float64, as in NumPy).
#
# RUN: %pyjitc %s --sig 'to_int(float32[::1])' --emit=ir 2>&1 >/dev/null | FileCheck %s --allow-empty --check-prefix=SPARED
# RUN: %pyjitc %s --sig 'mixed(float32[::1])' --emit=ir 2>&1 >/dev/null | FileCheck %s --check-prefix=MIXED
# RUN: %pyjitc %s --sig 'strong(float32[::1], float64)' --emit=ir 2>&1 >/dev/null | FileCheck %s --check-prefix=STRONG
# RUN: %pyjitc %s --sig 'nested(float32[::1])' --emit=ir 2>&1 >/dev/null | FileCheck %s --check-prefix=NESTED

import math

import numpy as np
from pyjit import cuda

RISE = 0.1
DT = 0.1


@cuda.jit
def to_int(out):
    i = cuda.grid(1)
    j = max(0, int(i - 10 * RISE / DT))
    k = round(i * RISE) + int(round(i / DT))
    m = np.int32(i * RISE) + np.uint16(i + RISE)
    for t in range(math.ceil(out.shape[0] / 16) + math.floor(i * DT) + math.trunc(i - DT)):
        out[t] = k + m


@cuda.jit
def mixed(out):
    i = cuda.grid(1)
    out[i] = out[i] * (i - RISE)


@cuda.jit
def strong(out, inv):
    i = cuda.grid(1)
    out[i] = i * inv


@cuda.jit
def nested(out):
    i = cuda.grid(1)
    out[i] = int(math.sqrt(i * RISE))  # (sqrt's argument is no whole number)

# SPARED-NOT: warning
# MIXED: float64-to-int-no-warning.py:36:24: warning: float64 arithmetic in a kernel whose arrays are all float32 (int64 - float64 gives float64)
# MIXED: note: this int64 operand makes it float64 (an integer and a float give float64, as in NumPy); use np.float32(...) around it to stay in float32
# MIXED-NEXT: {{^}}    out[i] = out[i] * (i - RISE){{$}}
# MIXED-NEXT: {{^}}                       ^{{$}}
# STRONG: float64-to-int-no-warning.py:42:14: warning: float64 arithmetic in a kernel whose arrays are all float32 (int64 * float64 gives float64)
# STRONG: note: this operand makes it float64; use np.float32(...) to stay in float32
# STRONG-NEXT: {{^}}    out[i] = i * inv{{$}}
# STRONG-NEXT: {{^}}                 ^~~{{$}}
# NESTED: float64-to-int-no-warning.py:48:28: warning: float64 arithmetic
