# A bytes literal prints as Python's repr of it (b'...', \xhh above 0x7e),
# its escapes read as bytes: \x80 is one byte, not U+0080's two.
#
# RUN: %pyjitc %s --sig 'k(float64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    print(b"\x80a", b"it's", b"t\tn")
    a[0] = len(b"\x80a")

# CHECK-LABEL: func @k(
# CHECK: print "b'\\x80a' b\"it's\" b't\\tn'\n"
# CHECK: [[TWO:%[0-9]+]] = const 2 : float64
