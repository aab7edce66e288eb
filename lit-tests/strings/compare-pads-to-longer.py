# Items of two lengths compare at the longer one (the shorter padded with
# zeros), element by element; != is the negation of ==.
#
# RUN: %pyjitc %s --sig 'k(array([char x 3], 1d, C), array([char x 5], 1d, C), array(bool, 1d, C))' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, b, out):
    out[0] = a[0] != b[0]

# CHECK: [[A:%[0-9]+]] = load %a[{{.*}}] : [char x 3]
# CHECK: [[B:%[0-9]+]] = load %b[{{.*}}] : [char x 5]
# CHECK: [[W:%[0-9]+]] = cast [[A]] : [char x 3] -> [char x 5]
# CHECK: cmp ne [[W]], [[B]] : bool
