# A string constant stored into a str array's item is a chars constant of
# the item's type; the emitted constant holds its code points, cut to the
# item's count and padded with zeros.
#
# RUN: %pyjitc %s --sig 'k(array([unichr x 4], 1d, C), array([char x 2], 1d, C))' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(array([unichr x 4], 1d, C), array([char x 2], 1d, C))' --emit=llvm | FileCheck %s --check-prefix=LLVM

from pyjit import cuda


@cuda.jit
def k(a, b):
    a[0] = "hé"
    b[0] = "xyz"

# IR: const 'h\303\251' : [unichr x 4]
# IR: const 'xyz' : [char x 2]
# LLVM: store i32 104, ptr addrspace(1) %a.data
# LLVM: store i32 233,
# LLVM: store i32 0,
# LLVM: store i32 0,
# LLVM: store i8 120, ptr addrspace(1) %b.data
# LLVM: store i8 121,
# LLVM-NOT: store
