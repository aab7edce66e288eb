"""A module of device functions and constants that kernels in other files
use through the module (`import kernel_helpers_ns as h; h.scale(x)`), as
numba.cuda allows; test_kernels.py runs them."""
import enum

import numpy as np

from pyjit import cuda

FACTOR = 3
OFFSETS = np.array([10, 20, 30], dtype=np.int64)
PAIR = (2, 5)


class Mode(enum.IntEnum):
    ADD = 1
    MUL = 2


@cuda.jit(device=True)
def scale(x):
    return x * FACTOR


@cuda.jit(device=True)
def combine(a, b, mode):
    if mode == Mode.MUL:
        return a * b
    return a + b


def not_a_device_function(x):
    return x
