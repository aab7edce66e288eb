"""pyjit.coop's block and warp primitives against numpy, on both backends
(docs/coop.md). Values are small integers (also as floats), so every sum is
exact whatever the order of the additions."""
import operator

import numpy as np
import pytest

import pyjit
from pyjit import coop, cuda

DTYPES = [np.int32, np.int64, np.uint32, np.uint64, np.float32, np.float64]
# Block shapes: warp-sized, non-power-of-two (a partial last warp), large, 2-D.
BLOCKS = [(32,), (96,), (100,), (1024,), (16, 8)]


def identity(op, dtype):
    if op == "add":
        return 0
    if np.dtype(dtype).kind == "f":
        return np.inf if op == "min" else -np.inf
    info = np.iinfo(dtype)
    return info.max if op == "min" else info.min


def ufunc(op):
    return {"add": np.add, "min": np.minimum, "max": np.maximum}[op]


def block_values(dtype, nblocks, threads, seed):
    rng = np.random.default_rng(seed)
    return rng.integers(0, 50, size=(nblocks, threads)).astype(dtype)


def make_block_kernel(jit):
    @jit
    def block_all(x, red, incl, excl, agg):
        t = cuda.threadIdx.x + cuda.blockDim.x * (cuda.threadIdx.y + cuda.blockDim.y *
                                                  cuda.threadIdx.z)
        n = cuda.blockDim.x * cuda.blockDim.y * cuda.blockDim.z
        i = cuda.blockIdx.x * n + t
        v = x[i]
        red[0, i] = coop.block.sum(v)
        red[1, i] = coop.block.min(v)
        red[2, i] = coop.block.max(v)
        red[3, i] = coop.block.reduce(v, operator.add)
        red[4, i] = coop.block.reduce(v, min)
        red[5, i] = coop.block.reduce(v, max)
        incl[0, i] = coop.block.inclusive_sum(v)
        incl[1, i] = coop.block.inclusive_scan(v, min)
        incl[2, i] = coop.block.inclusive_scan(v, max)
        excl[0, i] = coop.block.exclusive_sum(v)
        excl[1, i] = coop.block.exclusive_scan(v, min)
        excl[2, i] = coop.block.exclusive_scan(v, max)
        s, total = coop.block.exclusive_sum_with_aggregate(v)
        agg[0, i] = total
        s2, total2 = coop.block.inclusive_scan_with_aggregate(v, max)
        agg[1, i] = total2
        agg[2, i] = s + s2
    return block_all


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: "x".join(map(str, b)))
def test_block_reductions_and_scans(jit, dtype, block):
    threads = int(np.prod(block))
    nblocks = 3
    x = block_values(dtype, nblocks, threads, seed=threads)
    red = np.zeros((6, x.size), dtype)
    incl = np.zeros((3, x.size), dtype)
    excl = np.zeros((3, x.size), dtype)
    agg = np.zeros((3, x.size), dtype)
    make_block_kernel(jit)[nblocks, block](x.ravel(), red, incl, excl, agg)
    for r, op in zip(range(6), ["add", "min", "max"] * 2):
        want = ufunc(op).reduce(x, axis=1, keepdims=True)
        np.testing.assert_array_equal(red[r].reshape(x.shape), np.broadcast_to(want, x.shape),
                                      err_msg="reduce %s" % op)
    for r, op in enumerate(["add", "min", "max"]):
        inclusive = ufunc(op).accumulate(x, axis=1)
        np.testing.assert_array_equal(incl[r].reshape(x.shape), inclusive,
                                      err_msg="inclusive %s" % op)
        first = np.full((nblocks, 1), identity(op, dtype), dtype=dtype)
        exclusive = np.concatenate([first, inclusive[:, :-1]], axis=1)
        np.testing.assert_array_equal(excl[r].reshape(x.shape), exclusive,
                                      err_msg="exclusive %s" % op)
    np.testing.assert_array_equal(agg[0].reshape(x.shape),
                                  np.broadcast_to(x.sum(axis=1, keepdims=True), x.shape))
    np.testing.assert_array_equal(agg[1].reshape(x.shape),
                                  np.broadcast_to(x.max(axis=1, keepdims=True), x.shape))
    exclusive_sum = np.cumsum(x, axis=1, dtype=dtype) - x
    np.testing.assert_array_equal(agg[2].reshape(x.shape),
                                  exclusive_sum + np.maximum.accumulate(x, axis=1))


def test_block_sum_of_bools_and_small_ints_is_int32(jit):
    @jit
    def count(flags, small, out):
        i = cuda.grid(1)
        out[0, i] = coop.block.sum(flags[i])
        out[1, i] = coop.block.sum(small[i])

    flags = np.arange(64) % 3 == 0
    small = (np.arange(64) % 5).astype(np.int8)
    out = np.zeros((2, 64), np.int32)
    count[1, 64](flags, small, out)
    assert (out[0] == flags.sum()).all() and (out[1] == small.sum()).all()


def test_block_sum_with_one_atomic_per_block(jit):
    # The shape of bench/coop.py's sum: a grid-stride loop, one block.sum and
    # one atomic per block.
    @jit
    def total(x, out):
        acc = 0.0
        for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
            acc += x[i]
        s = coop.block.sum(acc)
        if cuda.threadIdx.x == 0:
            cuda.atomic.add(out, 0, s)

    x = (np.arange(100_000) % 13).astype(np.float64)
    out = np.zeros(1)
    total[8, 256](x, out)
    assert out[0] == x.sum()


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_warp_primitives(jit, dtype):
    @jit
    def warp_all(x, out):
        i = cuda.grid(1)
        v = x[i]
        out[0, i] = coop.warp.sum(v)
        out[1, i] = coop.warp.min(v)
        out[2, i] = coop.warp.max(v)
        out[3, i] = coop.warp.reduce(v, operator.add)
        out[4, i] = coop.warp.inclusive_sum(v)
        out[5, i] = coop.warp.exclusive_sum(v)
        out[6, i] = coop.warp.inclusive_scan(v, max)
        out[7, i] = coop.warp.exclusive_scan(v, min)
        out[8, i] = coop.warp.broadcast(v, 5)

    x = block_values(dtype, 4, 32, seed=7)  # 4 warps of 32 lanes
    out = np.zeros((9, x.size), dtype)
    warp_all[2, 64](x.ravel(), out)
    o = out.reshape(9, 4, 32)
    np.testing.assert_array_equal(o[0], np.broadcast_to(x.sum(1, keepdims=True), x.shape))
    np.testing.assert_array_equal(o[1], np.broadcast_to(x.min(1, keepdims=True), x.shape))
    np.testing.assert_array_equal(o[2], np.broadcast_to(x.max(1, keepdims=True), x.shape))
    np.testing.assert_array_equal(o[3], o[0])
    np.testing.assert_array_equal(o[4], np.cumsum(x, 1, dtype=dtype))
    np.testing.assert_array_equal(o[5], np.cumsum(x, 1, dtype=dtype) - x)
    np.testing.assert_array_equal(o[6], np.maximum.accumulate(x, 1))
    mins = np.minimum.accumulate(x, 1)
    first = np.full((4, 1), identity("min", dtype), dtype=dtype)
    np.testing.assert_array_equal(o[7], np.concatenate([first, mins[:, :-1]], 1))
    np.testing.assert_array_equal(o[8], np.broadcast_to(x[:, 5:6], x.shape))


def test_coop_names_are_kernel_only():
    with pytest.raises(RuntimeError, match=r"pyjit.coop.block.sum can only be used inside a kernel"):
        coop.block.sum(1)
    with pytest.raises(AttributeError, match="has no function 'median'"):
        coop.warp.median


def test_unsupported_operator_is_a_compile_error(jit):
    @jit
    def k(x, out):
        i = cuda.grid(1)
        out[i] = coop.block.reduce(x[i], abs)

    with pytest.raises(pyjit.CompileError, match=r"test_coop.py:\d+:\d+: error: coop.block."
                                                 r"reduce\(\) takes the operator"):
        k[1, 32](np.zeros(32, np.float32), np.zeros(32, np.float32))
