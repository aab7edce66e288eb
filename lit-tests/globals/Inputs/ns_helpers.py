# Device functions and constants that lit-tests/globals/module-namespace.py
# reaches through the module.
from pyjit import cuda

SCALE = 0.5
SHIFT = 7


@cuda.jit(device=True)
def square(v):
    return v * v
