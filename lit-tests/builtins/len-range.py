# len(range(start, stop)) is the loop's trip count: stop - start in uint64
# when start < stop, else 0, as an int64.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int64, int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    out[0] = len(range(a, b))

# CHECK-LABEL: func @k(
# CHECK: [[NE:%[0-9]+]] = cmp lt %a, %b : bool
# CHECK: [[SPAN:%[0-9]+]] = sub {{%[0-9]+}}, {{%[0-9]+}} : uint64
# CHECK: [[N:%[0-9]+]] = select [[NE]], [[SPAN]], {{%[0-9]+}} : uint64
# CHECK: [[L:%[0-9]+]] = cast [[N]] : uint64 -> int64
# CHECK: store %out[{{%[0-9]+}}], [[L]]
