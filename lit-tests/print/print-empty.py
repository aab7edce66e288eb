# print() with no arguments prints a newline: vprintf of "\n" with no
# argument buffer.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=llvm | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    print()

# CHECK: [[S:@[A-Za-z_.0-9]+]] = {{.*}}constant [2 x i8] c"\0A\00"
# CHECK: define {{.*}}void @k(
# CHECK: call i32 @vprintf(ptr addrspacecast (ptr addrspace(1) [[S]] to ptr), ptr null)
