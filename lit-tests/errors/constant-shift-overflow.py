# A shift of constants is Python's exact one: bits shifted past 64 are an
# overflow at the expression, a negative count Python's ValueError. (Both
# used to give 0: `1 << 254` of literals, and any `1 << SH` of globals.)
#
# RUN: not %pyjitc %s --sig 'k(int64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda

SH = 64
NEG = -1


@cuda.jit
def k(a):
    a[0] = 1 << SH
    a[1] = 1 << NEG
    a[2] = 1 << 254
    a[3] = (1 << 300) >> 299
    a[4] = 5 >> -2

# CHECK: {{.*}}constant-shift-overflow.py:15:12: error: this constant expression overflows int64 {{.*}}
# CHECK-NEXT: {{^}}    a[0] = 1 << SH{{$}}
# CHECK: {{.*}}constant-shift-overflow.py:16:12: error: negative shift count in this constant expression (Python raises ValueError)
# CHECK: {{.*}}constant-shift-overflow.py:17:12: error: this constant expression overflows int64 and uint64 {{.*}}
# CHECK: {{.*}}constant-shift-overflow.py:18:13: error: this constant expression overflows int64 and uint64 {{.*}}
# CHECK: {{.*}}constant-shift-overflow.py:19:12: error: negative shift count in this constant expression (Python raises ValueError)
# CHECK-NOT: error
