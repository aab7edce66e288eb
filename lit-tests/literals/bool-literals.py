# True and False are bool constants; stored into an int64 array they
# convert to 1 and 0.
#
# RUN: %pyjitc %s --sig 'k(bool[::1], int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(b, out):
    b[0] = True
    b[1] = False
    out[0] = True

# CHECK-LABEL: func @k(
# CHECK: [[T:%[0-9]+]] = const True : bool
# CHECK: store %b[{{%[0-9]+}}], [[T]]
# CHECK: [[F:%[0-9]+]] = const False : bool
# CHECK: store %b[{{%[0-9]+}}], [[F]]
# (The conversion of the constant folds.)
# CHECK: [[I:%[0-9]+]] = const 1 : int64
# CHECK: store %out[{{%[0-9]+}}], [[I]]
