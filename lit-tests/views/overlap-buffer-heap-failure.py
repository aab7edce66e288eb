# A source overlapping the assigned view otherwise than as a shift is read
# whole first, into a buffer from the device heap. When malloc has no room:
# with -g the launch raises MemoryError (an error site the host reads after
# the launch); without it the kernel traps, so no copy is left undone and the
# launch needs no error record (it stays asynchronous).
#
# RUN: %pyjitc %s --sig 'k(float64[:])' --emit=ir | FileCheck %s --check-prefix=RELEASE --implicit-check-not=raise
# RUN: %pyjitc %s --sig 'k(float64[:])' --emit=ir -g | FileCheck %s --check-prefix=DEBUG
# RUN: %pyjitc %s --sig 'k(float64[:])' | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(a):
    a[:] = a[::-1]

# RELEASE-LABEL: func @k(
# RELEASE: [[ADDR:%[0-9]+]] = cuda.<malloc> {{%[0-9]+}} : uint64
# RELEASE: [[GOT:%[0-9]+]] = cmp ne [[ADDR]], {{%[0-9]+}} : bool
# RELEASE: [[NONE:%[0-9]+]] = not [[GOT]] : bool
# RELEASE-NEXT: condbr [[NONE]], [[TRAP:bb[0-9]+]], {{bb[0-9]+}}
# RELEASE: [[TRAP]]:
# RELEASE-NEXT: cuda.<trap>
# RELEASE: cuda.<free>

# DEBUG-LABEL: func @k(
# DEBUG: cuda.<malloc>
# DEBUG-NOT: cuda.<trap>
# DEBUG: raise {{[0-9]+}} MemoryError "no heap memory left for a copy of {0} bytes: an operand overlaps the array assigned" at overlap-buffer-heap-failure.py:16:5
