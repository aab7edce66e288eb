# len() of an item is chars_len (the index after its last nonzero
# character), an int64.
#
# RUN: %pyjitc %s --sig 'k(array([unichr x 6], 1d, C), array(int64, 1d, C))' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, out):
    out[0] = len(a[0])

# CHECK: [[A:%[0-9]+]] = load %a[{{.*}}] : [unichr x 6]
# CHECK: chars_len [[A]] : int64
