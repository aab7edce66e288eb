"""pyjit.cuda.random (numba.cuda.random's xoroshiro128+ generators), checked
against a reference written here with Python integers from the algorithm's
description (Blackman and Vigna's xoroshiro128plus.c and splitmix64.c)."""
import math

import numpy as np
import pytest

from pyjit import cuda
from pyjit.cuda.random import (create_xoroshiro128p_states, init_xoroshiro128p_states,
                               xoroshiro128p_normal_float32, xoroshiro128p_normal_float64,
                               xoroshiro128p_uniform_float32, xoroshiro128p_uniform_float64)

MASK = (1 << 64) - 1


def splitmix64(seed):
    z = (seed + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK


def step(state):
    s0, s1 = state
    result = (s0 + s1) & MASK
    s1 ^= s0
    return result, (rotl(s0, 55) ^ s1 ^ ((s1 << 14) & MASK), rotl(s1, 36))


def jump(state):
    t0 = t1 = 0
    for poly in (0xBEAC0467EBA5FACB, 0xD86B048B86AA9922):
        for b in range(64):
            if poly >> b & 1:
                t0 ^= state[0]
                t1 ^= state[1]
            _, state = step(state)
    return (t0, t1)


def reference_states(n, seed, subsequence_start=0):
    state = (splitmix64(seed), splitmix64(seed))
    for _ in range(subsequence_start):
        state = jump(state)
    out = [state]
    for _ in range(1, n):
        out.append(jump(out[-1]))
    return out


def unit64(x):
    return (x >> 11) / 2.0 ** 53


def draws(jit):
    @jit
    def kernel(states, uniform64, uniform32, normal32, normal64):
        i = cuda.grid(1)
        if i < uniform64.shape[0]:
            for j in range(uniform64.shape[1]):
                uniform64[i, j] = xoroshiro128p_uniform_float64(states, i)
            uniform32[i] = xoroshiro128p_uniform_float32(states, i)
            normal32[i] = xoroshiro128p_normal_float32(states, i)
            normal64[i] = xoroshiro128p_normal_float64(states, i)
    return kernel


@pytest.mark.parametrize("seed, start", [(42, 0), (2**64 - 1, 3)])
def test_draws_match_the_reference_generator(jit, seed, start):
    n, k = 5, 3
    states = create_xoroshiro128p_states(n, seed=seed, subsequence_start=start)
    u64 = np.zeros((n, k))
    u32 = np.zeros(n, np.float32)
    n32 = np.zeros(n, np.float32)
    n64 = np.zeros(n)
    draws(jit)[1, 32](states, u64, u32, n32, n64)
    for i, state in enumerate(reference_states(n, seed, start)):
        values = []
        for _ in range(k + 5):
            r, state = step(state)
            values.append(r)
        np.testing.assert_array_equal(u64[i], [unit64(v) for v in values[:k]])
        assert u32[i] == np.float32(unit64(values[k]))
        a, b = np.float32(unit64(values[k + 1])), np.float32(unit64(values[k + 2]))
        want32 = math.sqrt(-2.0 * math.log(a)) * math.cos(np.float32(2 * math.pi) * b)
        np.testing.assert_allclose(n32[i], want32, rtol=2e-6, atol=2e-6)
        # float64 normals come from float32 uniforms (and a float32 log), as
        # in numba.cuda
        a, b = np.float32(unit64(values[k + 3])), np.float32(unit64(values[k + 4]))
        want64 = math.sqrt(-2.0 * float(np.log(a))) * math.cos(2 * math.pi * float(b))
        np.testing.assert_allclose(n64[i], want64, rtol=2e-7, atol=1e-9)
    # computed in float64 (a float32 computation would round every value)
    assert np.count_nonzero(n64.astype(np.float32).astype(np.float64) != n64) >= n - 1


def test_moments_of_many_generators(jit):
    n, k = 4096, 8
    states = create_xoroshiro128p_states(n, seed=7)
    u64 = np.zeros((n, k))
    u32 = np.zeros(n, np.float32)
    n32 = np.zeros(n, np.float32)
    n64 = np.zeros(n)
    draws(jit)[n // 128, 128](states, u64, u32, n32, n64)
    assert 0 <= u64.min() and u64.max() < 1
    assert abs(u64.mean() - 0.5) < 0.01 and abs(u64.var() - 1 / 12) < 0.002
    normals = np.concatenate([n32, n64])
    assert abs(normals.mean()) < 0.05 and abs(normals.std() - 1) < 0.05
    assert len(np.unique(u64[:, 0])) == n  # the generators differ


def test_states_are_numbas_records():
    # numba.cuda: a 1-d array of xoroshiro128p_dtype, so states.size is the
    # number of generators (grid-stride loops and launch sizes use it).
    from pyjit.cuda.random import xoroshiro128p_dtype
    states = create_xoroshiro128p_states(16, seed=1)
    assert states.shape == (16,) and states.size == 16 and len(states) == 16
    assert states.dtype == xoroshiro128p_dtype
    assert xoroshiro128p_dtype.names == ("s0", "s1") and xoroshiro128p_dtype.itemsize == 16
    host = states.copy_to_host()
    assert [(int(r["s0"]), int(r["s1"])) for r in host] == reference_states(16, 1)
    mine = cuda.device_array(16, dtype=xoroshiro128p_dtype)
    init_xoroshiro128p_states(mine, seed=1)
    np.testing.assert_array_equal(mine.copy_to_host(), host)


def test_the_state_record_type_declares_signatures(jit):
    # numba's xoroshiro128p_type (from_dtype(xoroshiro128p_dtype)): an
    # explicit signature takes states as xoroshiro128p_type[:].
    import pyjit
    from pyjit.cuda.random import (xoroshiro128p_type, xoroshiro128p_dtype,
                                   xoroshiro128p_uniform_float32)
    assert str(xoroshiro128p_type) == str(pyjit.types.from_dtype(xoroshiro128p_dtype))

    def draw(out, rng):
        i = cuda.grid(1)
        out[i] = xoroshiro128p_uniform_float32(rng, i)

    declared = jit((pyjit.float32[:], xoroshiro128p_type[:]))(draw)
    out, ref = np.zeros(4, np.float32), np.zeros(4, np.float32)
    declared[1, 4](out, create_xoroshiro128p_states(4, seed=3))
    jit(draw)[1, 4](ref, create_xoroshiro128p_states(4, seed=3))
    np.testing.assert_array_equal(out, ref)


def test_state_arrays_are_checked():
    with pytest.raises(TypeError, match=r"xoroshiro128p_dtype .* or a uint64 one of shape "
                                        r"\(n, 2\)"):
        init_xoroshiro128p_states(cuda.device_array(4, np.uint64), seed=1)
    with pytest.raises(TypeError, match="uint64"):
        init_xoroshiro128p_states(cuda.device_array((4, 2), np.int64), seed=1)
    with pytest.raises(ValueError, match="subsequence_start"):
        create_xoroshiro128p_states(4, seed=1, subsequence_start=-1)
    # a negative seed wraps to uint64, as numba.cuda's uint64(seed)
    np.testing.assert_array_equal(create_xoroshiro128p_states(2, seed=-1).copy_to_host(),
                                  create_xoroshiro128p_states(2, seed=2**64 - 1).copy_to_host())
    for seed in (2**64, -2**63 - 1):  # numba's seeding function takes no wider int
        with pytest.raises(OverflowError, match="seed %d does not fit 64 bits" % seed):
            create_xoroshiro128p_states(2, seed=seed)
    states = cuda.device_array((3, 2), np.uint64)  # earlier pyjit's layout: still taken
    init_xoroshiro128p_states(states, seed=5, subsequence_start=1)
    want = reference_states(3, 5, 1)
    assert [tuple(int(v) for v in row) for row in states.copy_to_host()] == want
    assert cuda.random.create_xoroshiro128p_states is create_xoroshiro128p_states
