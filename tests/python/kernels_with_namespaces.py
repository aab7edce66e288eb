"""Kernels that reach device functions, constants and an IntEnum through a
module (import kernel_helpers_ns as h) and through a package path
(pyjit.cuda.random); test_kernels.py runs them."""
import kernel_helpers_ns as h
import pyjit.cuda.random as rnd
from pyjit import cuda


def through_module(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = h.scale(x[i]) + h.OFFSETS[i % 3] + h.PAIR[1] + h.combine(x[i], 2, h.Mode.MUL)


def through_module_enum_add(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = h.combine(x[i], 2, h.Mode.ADD)


def enum_value_and_members(out):
    # numba.cuda: an IntEnum member is an int; .value is that int
    out[0] = h.Mode.MUL.value * 10 + h.Mode.ADD.value
    modes = (h.Mode.ADD, h.Mode.MUL)
    out[1] = modes[1] + 1


def enum_name(out):
    out[0] = h.Mode.MUL.name


def random_through_module(states, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = rnd.xoroshiro128p_uniform_float32(states, i)


def missing_attribute(x):
    x[0] = h.nope


def unsupported_member(x):
    x[0] = h.not_a_device_function(1)


def random_through_cuda(states, out):
    # numba.cuda: cuda.random.<function> once numba.cuda.random is imported
    i = cuda.grid(1)
    if i < out.size:
        out[i] = cuda.random.xoroshiro128p_uniform_float32(states, i)
