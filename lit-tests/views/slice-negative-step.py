# a[::-1] is the reversed array: n elements (n = a.shape[0]) with the
# negated stride, starting at the last element.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], float32[:])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int64[::1], float32[:])' --emit=llvm | FileCheck %s --check-prefix=LLVM

from pyjit import cuda


@cuda.jit
def k(out, a):
    r = a[::-1]
    out[0] = r.shape[0]
    out[1] = r.strides[0]

# IR-LABEL: func @k(
# IR: view %a, {{.*}} : array(float32, 1d, A)

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: [[NEG:%[0-9]+]] = sub i64 0, %a.stride0
# LLVM: store i64 %a.shape0, ptr addrspace(1) %out.data
# LLVM: store i64 [[NEG]],
