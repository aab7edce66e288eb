"""pyjit.cuda.random: numba.cuda.random's xoroshiro128+ generators.

One generator per thread, as numba.cuda provides them:

    from pyjit.cuda.random import (create_xoroshiro128p_states,
                                   xoroshiro128p_uniform_float32)
    states = create_xoroshiro128p_states(threads, seed=1)
    ...
    x = xoroshiro128p_uniform_float32(states, cuda.grid(1))  # in a kernel

The generator is xoroshiro128+ (Blackman and Vigna, "Scrambled linear
pseudorandom number generators", 2018; prng.di.unimi.it): 128 bits of state,
64-bit outputs, period 2^128 - 1. A state is seeded with splitmix64 of the
seed; generator i of an array starts 2^64 * (subsequence_start + i) steps
along the sequence (the jump polynomial of the reference code), so the
generators of one seed never overlap for fewer than 2^64 draws each. The
numbers drawn are the same as numba.cuda's for the same seed, index and
order of calls.

As in numba.cuda, the states are a 1-d device array of n records of dtype
xoroshiro128p_dtype (fields s0, s1), so `states.size` and `len(states)` are
the number of generators. A uint64 array of shape (n, 2) in that layout (what
earlier pyjit made) is taken too.
"""
import math

import numpy as np

from . import cuda

#: numba.cuda's record dtype of one generator's state.
xoroshiro128p_dtype = np.dtype([("s0", np.uint64), ("s1", np.uint64)], align=True)

# splitmix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
# generators", OOPSLA 2014; Vigna's splitmix64.c) constants.
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
# The jump polynomial of xoroshiro128+ (2^64 steps), from the reference code.
_JUMP0 = np.uint64(0xBEAC0467EBA5FACB)
_JUMP1 = np.uint64(0xD86B048B86AA9922)
_ONE = np.uint64(1)
_TWO_PI_FLOAT32 = np.float32(2 * math.pi)
_TWO_PI_FLOAT64 = np.float64(2 * math.pi)  # np.float64: a Python float is weak
_MINUS_TWO_FLOAT64 = np.float64(-2.0)


@cuda.jit(device=True)
def _load_state(states, index):
    """(s0, s1) of generator `index`: a record, or a row of a (n, 2) array."""
    if states.ndim == 2:
        return states[index, 0], states[index, 1]
    return states[index]["s0"], states[index]["s1"]


@cuda.jit(device=True)
def _store_state(states, index, s0, s1):
    if states.ndim == 2:
        states[index, 0] = s0
        states[index, 1] = s1
    else:
        states[index]["s0"] = s0
        states[index]["s1"] = s1


@cuda.jit(device=True)
def init_xoroshiro128p_state(states, index, seed):
    """Seeds generator `index` from `seed` (uint64) with splitmix64."""
    z = np.uint64(seed) + _GOLDEN
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    z = z ^ (z >> np.uint64(31))
    _store_state(states, index, z, z)


@cuda.jit(device=True)
def rotl(x, k):
    """x (uint64) rotated left by k bits."""
    return (x << k) | (x >> (np.uint64(64) - k))


@cuda.jit(device=True)
def xoroshiro128p_next(states, index):
    """The next uint64 of generator `index`; advances it."""
    s0, s1 = _load_state(states, index)
    result = s0 + s1
    s1 ^= s0
    _store_state(states, index, rotl(s0, np.uint64(55)) ^ s1 ^ (s1 << np.uint64(14)),
                 rotl(s1, np.uint64(36)))
    return result


@cuda.jit(device=True)
def xoroshiro128p_jump(states, index):
    """Advances generator `index` by 2^64 steps."""
    s0 = np.uint64(0)
    s1 = np.uint64(0)
    for b in range(64):
        if _JUMP0 & (_ONE << np.uint64(b)):
            t0, t1 = _load_state(states, index)
            s0 ^= t0
            s1 ^= t1
        xoroshiro128p_next(states, index)
    for b in range(64):
        if _JUMP1 & (_ONE << np.uint64(b)):
            t0, t1 = _load_state(states, index)
            s0 ^= t0
            s1 ^= t1
        xoroshiro128p_next(states, index)
    _store_state(states, index, s0, s1)


@cuda.jit(device=True)
def uint64_to_unit_float64(x):
    """The top 53 bits of x as a float64 in [0, 1)."""
    return np.float64(x >> np.uint64(11)) * (1.0 / 9007199254740992.0)  # 2^-53


@cuda.jit(device=True)
def uint64_to_unit_float32(x):
    """uint64_to_unit_float64(x) rounded to float32 (in [0, 1])."""
    return np.float32(uint64_to_unit_float64(x))


@cuda.jit(device=True)
def xoroshiro128p_uniform_float32(states, index):
    """A float32 uniform on [0, 1) from generator `index` (1.0 after rounding
    is possible, as in numba.cuda)."""
    return uint64_to_unit_float32(xoroshiro128p_next(states, index))


@cuda.jit(device=True)
def xoroshiro128p_uniform_float64(states, index):
    """A float64 uniform on [0, 1) from generator `index`."""
    return uint64_to_unit_float64(xoroshiro128p_next(states, index))


@cuda.jit(device=True)
def xoroshiro128p_normal_float32(states, index):
    """A standard normal float32 from generator `index` (Box-Muller, two
    uniform draws; the second normal value is discarded, as numba.cuda)."""
    u1 = xoroshiro128p_uniform_float32(states, index)
    u2 = xoroshiro128p_uniform_float32(states, index)
    return math.sqrt(np.float32(-2.0) * math.log(u1)) * math.cos(_TWO_PI_FLOAT32 * u2)


@cuda.jit(device=True)
def xoroshiro128p_normal_float64(states, index):
    """A standard normal float64 from generator `index` (Box-Muller). Its two
    uniform draws are float32 ones, as in numba.cuda, so that the numbers are
    numba.cuda's."""
    u1 = xoroshiro128p_uniform_float32(states, index)
    u2 = xoroshiro128p_uniform_float32(states, index)
    return math.sqrt(_MINUS_TWO_FLOAT64 * math.log(u1)) * math.cos(_TWO_PI_FLOAT64 * u2)


def _init_states_sequential(states, seed, subsequence_start):
    # One thread on the CPU backend: generator i is generator i - 1 jumped.
    n = states.shape[0]
    if n >= 1:
        init_xoroshiro128p_state(states, 0, seed)
        for _ in range(subsequence_start):
            xoroshiro128p_jump(states, 0)
        for i in range(1, n):
            s0, s1 = _load_state(states, i - 1)
            _store_state(states, i, s0, s1)
            xoroshiro128p_jump(states, i)


_init_kernel = None


def init_xoroshiro128p_states(states, seed, subsequence_start=0, stream=0):
    """Seeds every generator of `states` (a 1-d device array of
    xoroshiro128p_dtype, or a uint64 one of shape (n, 2)) from `seed`;
    generator i starts 2^64 * (subsequence_start + i) steps along. The
    seeding runs on the host (compiled by pyjit's CPU backend; about a
    microsecond per generator) and the states are copied to `states` on
    `stream`.

    Raises TypeError for an array of another dtype or shape."""
    global _init_kernel
    shape = getattr(states, "shape", None)
    dtype = getattr(states, "dtype", None)
    records = dtype == xoroshiro128p_dtype and shape is not None and len(shape) == 1
    pairs = dtype == np.uint64 and shape is not None and len(shape) == 2 and shape[1] == 2
    if not (records or pairs):
        raise TypeError("init_xoroshiro128p_states: states must be a 1-d device array of "
                        "xoroshiro128p_dtype (create_xoroshiro128p_states makes one) or a "
                        "uint64 one of shape (n, 2); got %s %s"
                        % (dtype if dtype is not None else type(states).__name__, shape))
    if not 0 <= int(subsequence_start) < 1 << 63:
        raise ValueError("init_xoroshiro128p_states: subsequence_start must be in [0, 2^63), "
                         "got %r" % (subsequence_start,))
    if _init_kernel is None:
        _init_kernel = cuda.jit(_init_states_sequential, target="cpu")
    if not -(1 << 63) <= int(seed) < 1 << 64:
        # (numba's seeding function takes an int64 or uint64 argument)
        raise OverflowError("init_xoroshiro128p_states: seed %d does not fit 64 bits" % seed)
    host = np.empty(shape, dtype=dtype)
    # The seed is a uint64: a negative one wraps, as numba.cuda's uint64(seed).
    _init_kernel[1, 1](host, np.uint64(int(seed) % (1 << 64)), np.int64(subsequence_start))
    states.copy_to_device(host, stream=stream)


def create_xoroshiro128p_states(n, seed, subsequence_start=0, stream=0):
    """A device array of n records of xoroshiro128p_dtype (numba.cuda's): n
    generators seeded from `seed` (see init_xoroshiro128p_states), one per
    thread."""
    states = cuda.device_array(int(n), dtype=xoroshiro128p_dtype, stream=stream)
    init_xoroshiro128p_states(states, seed, subsequence_start, stream)
    return states


def _record_type():
    from .types import from_dtype
    return from_dtype(xoroshiro128p_dtype)


#: The state's record type, for explicit signatures (numba's:
#: `xoroshiro128p_type[:]` is an array of states).
xoroshiro128p_type = _record_type()

__all__ = ["xoroshiro128p_dtype", "xoroshiro128p_type", "init_xoroshiro128p_state", "init_xoroshiro128p_states",
           "create_xoroshiro128p_states", "rotl", "xoroshiro128p_next", "xoroshiro128p_jump",
           "uint64_to_unit_float32", "uint64_to_unit_float64", "xoroshiro128p_uniform_float32",
           "xoroshiro128p_uniform_float64", "xoroshiro128p_normal_float32",
           "xoroshiro128p_normal_float64"]
