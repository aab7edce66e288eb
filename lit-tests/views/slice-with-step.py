# a[1:7:2] follows Python's slice.indices: start and stop are clamped to
# the length n, the view has (stop - start - 1) // 2 + 1 elements when
# stop > start (else 0), and its stride is twice a's.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], float32[:])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int64[::1], float32[:])' --emit=llvm | FileCheck %s --check-prefix=LLVM

from pyjit import cuda


@cuda.jit
def k(out, a):
    s = a[1:7:2]
    out[0] = s.shape[0]
    out[1] = s.strides[0]

# IR-LABEL: func @k(
# IR: view %a, {{.*}} : array(float32, 1d, A)

# LLVM-LABEL: define {{.*}}void @k(
# LLVM-DAG: call i64 @llvm.umin.i64(i64 %a.shape0, i64 7)
# LLVM-DAG: sdiv {{i8|i64}} {{%[.a-z0-9]+}}, 2
# LLVM-DAG: [[ST:%[0-9]+]] = shl i64 %a.stride0, 1
# LLVM: store i64 [[ST]],
