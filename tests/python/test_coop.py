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


def test_warp_min_and_max_give_every_lane_one_value(jit):
    # min and max are not commutative for a NaN or zeros of two signs; the
    # butterfly combined (own, partner) in each lane, so lanes differed: a
    # warp of +0.0, -0.0, ... gave each lane its own zero. Every lane now
    # combines the lower lane's value on the left: one value for the warp,
    # and min(+0.0, -0.0) is +0.0 (min(a, b) is b only when b < a).
    @jit
    def k(x, out):
        i = cuda.grid(1)
        out[0, i] = coop.warp.min(x[i])
        out[1, i] = coop.warp.max(x[i])
        out[2, i] = coop.warp.reduce(x[i], min)

    zeros = np.array([0.0, -0.0] * 16)
    out = np.full((3, 32), 7.0)
    k[1, 32](zeros, out)
    assert not np.signbit(out).any() and (out == 0).all()
    nan = np.arange(32.0, 0.0, -1.0)
    nan[1] = np.nan
    k[1, 32](nan, out)
    for row in out:  # (which value a NaN leaves depends on the tree: one per warp)
        assert len(np.unique(row.view(np.int64))) == 1


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
                                                 r"reduce\(\) takes an operator: operator.add, "
                                                 r"min, max or a @cuda.jit\(device=True\)"):
        k[1, 32](np.zeros(32, np.float32), np.zeros(32, np.float32))


@cuda.jit(device=True)
def argmax(a, b):
    """(value, index) pairs: the larger value; on a tie the smaller index."""
    if b[0] > a[0] or (b[0] == a[0] and b[1] < a[1]):
        return b
    return a


@cuda.jit(device=True)
def times(a, b):
    return a * b


def running_argmax(x):
    out, best = np.zeros(len(x), np.int64), 0
    for j in range(len(x)):
        if x[j] > x[best]:
            best = j
        out[j] = best
    return out


@pytest.mark.parametrize("threads", [32, 96, 100, 1024])
def test_user_defined_operator_on_tuples(jit, threads):
    @jit
    def k(x, best, running, totals):
        i = cuda.grid(1)
        v, where = coop.block.reduce((x[i], i), argmax)
        best[i] = where
        s, total = coop.block.inclusive_scan_with_aggregate((x[i], i), argmax)
        running[i] = s[1]
        totals[i] = total[1]

    nblocks = 2
    n = nblocks * threads
    x = np.random.default_rng(threads).integers(0, 30, n).astype(np.float64)
    best, running, totals = (np.zeros(n, np.int64) for _ in range(3))
    k[nblocks, threads](x, best, running, totals)
    xb = x.reshape(nblocks, threads)
    first = xb.argmax(axis=1) + np.arange(nblocks) * threads  # argmax takes the first maximum
    np.testing.assert_array_equal(best.reshape(xb.shape), np.repeat(first[:, None], threads, 1))
    np.testing.assert_array_equal(totals, best)
    want = np.concatenate([running_argmax(xb[b]) + b * threads for b in range(nblocks)])
    np.testing.assert_array_equal(running, want)


def test_user_defined_operator_on_scalars_and_warps(jit):
    @jit
    def k(x, prod, wbest, wscan):
        i = cuda.grid(1)
        prod[i] = coop.block.reduce(x[i], times)
        v, where = coop.warp.reduce((x[i], i), argmax)
        wbest[i] = where
        wscan[i] = coop.warp.inclusive_scan(x[i], times)

    x = np.where(np.arange(64) % 7 == 0, 2, 1).astype(np.int64)  # products stay exact
    prod, wbest, wscan = (np.zeros(64, np.int64) for _ in range(3))
    k[1, 64](x, prod, wbest, wscan)
    assert (prod == np.prod(x)).all()
    warps = x.reshape(2, 32)
    first = warps.argmax(axis=1) + np.array([0, 32])
    np.testing.assert_array_equal(wbest, np.repeat(first, 32))
    np.testing.assert_array_equal(wscan, np.cumprod(warps, axis=1).ravel())


@pytest.mark.parametrize("body, message", [
    ("coop.block.exclusive_scan(x[i], times)", "needs the operator's identity"),
    ("coop.block.reduce((x[i], i), max)", "of a tuple needs a device function"),
    ("coop.block.sum((x[i], i))", "of a tuple needs an operator"),
    ("coop.warp.reduce(x[i], halve)", "must return float64"),
])
def test_operator_errors_point_at_the_argument(tmp_path, body, message):
    import importlib.util
    import textwrap
    src = tmp_path / "kern.py"
    src.write_text(textwrap.dedent('''
        from pyjit import coop, cuda

        @cuda.jit(device=True)
        def times(a, b):
            return a * b

        @cuda.jit(device=True)
        def halve(a, b):
            return int(a)

        @cuda.jit("void(float64[::1], float64[::1])")
        def k(x, out):
            i = cuda.grid(1)
            v = %s
    ''' % body))
    spec = importlib.util.spec_from_file_location("kern_%d" % abs(hash(body)), src)
    module = importlib.util.module_from_spec(spec)
    with pytest.raises(pyjit.CompileError, match=r"kern.py:\d+:\d+: error: .*" + message):
        spec.loader.exec_module(module)


@cuda.jit(device=True)
def _add32(a, b):
    return np.int32(a + b)


def test_an_identity_that_converting_changes_is_a_compile_error(jit):
    # For int32 values, 1.5 became 1 and 2**40 + 7 became 7 (a tuple was
    # already refused); 3.0 and -5 are int32 values unchanged.
    @jit
    def fraction(x, o):
        o[0] = coop.block.exclusive_scan(x[0], _add32, 1.5)

    @jit
    def too_wide(x, o):
        o[0] = coop.block.exclusive_scan(x[0], _add32, 2**40 + 7)

    @jit
    def exact(x, o):
        i = cuda.grid(1)
        o[i] = coop.block.exclusive_scan(x[i], _add32, 3.0) + \
            coop.block.exclusive_scan(x[i], _add32, -5)

    x = np.arange(4, dtype=np.int32)
    o = np.zeros(4, np.int32)
    for kern in (fraction, too_wide):
        with pytest.raises(pyjit.CompileError, match="exclusive_scan\\(\\): the identity is not "
                                                     "an int32 like the values: converting it to "
                                                     "int32 changes it"):
            kern[1, 1](x, o)
    exact[1, 4](x, o)
    # thread 0: the identities; thread t: twice x[0] + ... + x[t-1]
    assert o.tolist() == [3 - 5, 2 * 0, 2 * (0 + 1), 2 * (0 + 1 + 2)]


def test_divergent_block_primitive_is_reported_in_debug_mode_on_the_cpu():
    @cuda.jit(target="cpu", debug=True)
    def half_the_block(x, out):
        i = cuda.grid(1)
        if i % 2 == 0:
            out[i] = coop.block.sum(x[i])

    with pytest.raises(pyjit.KernelError, match=r"barrier divergence: 32 threads wait at a "
                                                r"pyjit.coop block primitive on .*"
                                                r"test_coop.py:\d+"):
        half_the_block[1, 64](np.ones(64, np.float32), np.zeros(64, np.float32))


TILE_ITEMS = 4


def make_tile_kernels(jit, dtype):
    @jit
    def sort_tiles(x, out, descending):
        items = cuda.local.array(TILE_ITEMS, dtype)
        temp = cuda.shared.array(4096, dtype)  # room for 1024 threads x 4 keys
        start = cuda.blockIdx.x * cuda.blockDim.x * TILE_ITEMS
        coop.block.load(x, items, start)
        if descending:
            coop.block.radix_sort_descending(items, temp)
        else:
            coop.block.radix_sort(items, temp)
        coop.block.store(out, items, start)
    return sort_tiles


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.uint32, np.uint64, np.float32,
                                   np.float64], ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("threads", [32, 100, 1024])
def test_block_radix_sort_of_tiles(jit, dtype, threads):
    nblocks = 2
    n = nblocks * threads * TILE_ITEMS
    rng = np.random.default_rng(threads)
    if np.dtype(dtype).kind == "f":
        x = (rng.standard_normal(n) * 1e3).astype(dtype)
        x[:6] = [np.inf, -np.inf, 0.0, -0.0, 1e-40, -1e-40]  # ends, zeros, subnormals
    else:
        info = np.iinfo(dtype)
        x = rng.integers(info.min, info.max, size=n, dtype=dtype, endpoint=True)
        x[:5] = [info.min, info.max, 0, info.max, info.min]  # extremes and duplicates
    sort_tiles = make_tile_kernels(jit, dtype)
    out = np.zeros_like(x)
    sort_tiles[nblocks, threads](x, out, False)
    tiles = x.reshape(nblocks, -1)
    np.testing.assert_array_equal(out, np.sort(tiles, axis=1).ravel())
    sort_tiles[nblocks, threads](x, out, True)
    np.testing.assert_array_equal(out, np.sort(tiles, axis=1)[:, ::-1].ravel())


@pytest.mark.parametrize("offset", [0, 1, 4])  # element offset of the tile: 1 misaligns
@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.int16], ids=lambda d: np.dtype(d).name)
def test_vectorized_load_and_store_are_blocked(jit, dtype, offset):
    @jit
    def add_rank(x, y, base):
        items = cuda.local.array(8, dtype)
        start = base + cuda.blockIdx.x * cuda.blockDim.x * 8
        coop.block.load_vectorized(x, items, start, 7)
        for k in range(8):
            items[k] += dtype(cuda.threadIdx.x)
        coop.block.store_vectorized(y, items, start)

    threads, nblocks = 48, 3
    n = offset + threads * 8 * nblocks - 5       # the last thread's run is ragged
    x = np.arange(n).astype(dtype)
    y = np.full(n, -1, dtype)
    add_rank[nblocks, threads](x, y, offset)
    want = x.copy()
    idx = np.arange(offset, n)
    want[offset:] += ((idx - offset) // 8 % threads).astype(dtype)
    want[:offset] = -1                            # before the tiles: untouched
    np.testing.assert_array_equal(y, want)


def test_complex_tiles_take_a_complex_default_and_real_ones_refuse_it(jit):
    @jit
    def k(x, y):
        items = cuda.local.array(4, np.complex64)
        coop.block.load_vectorized(x, items, 0, 1j)
        coop.block.store(y, items, 0)

    x = (np.arange(5) + 2j).astype(np.complex64)
    y = np.zeros(8, np.complex64)
    k[1, 2](x, y)
    np.testing.assert_array_equal(y, np.concatenate([x, np.full(3, 1j, np.complex64)]))

    @jit
    def real(x, y):
        items = cuda.local.array(4, np.float32)
        coop.block.load(x, items, 0, 1j)
        coop.block.store(y, items, 0)

    with pytest.raises(pyjit.CompileError, match="a number the items can hold .* not complex128"):
        real[1, 2](np.zeros(4, np.float32), np.zeros(8, np.float32))


@pytest.mark.parametrize("load, store", [
    (coop.block.load, coop.block.store),
    (coop.block.load_striped, coop.block.store_striped),
    (coop.block.load_vectorized, coop.block.store_vectorized),
    (coop.block.load_warp_transposed, coop.block.store_warp_transposed)],
    ids=["direct", "striped", "vectorized", "warp_transposed"])
def test_coop_functions_captured_by_a_kernel(jit, load, store):
    """A coop function bound to a name (a closure variable here, or a global) is the
    same primitive inside a kernel: one kernel body serves every arrangement."""
    @jit(launch_bounds=64)
    def add_one(x, y, held):
        items = cuda.local.array(4, np.float32)
        start = cuda.blockIdx.x * cuda.blockDim.x * 4
        load(x, items, start)
        for k in range(4):
            held[start + cuda.threadIdx.x * 4 + k] = items[k]   # what each thread holds
            items[k] += 1
        store(y, items, start)

    x = np.arange(2 * 64 * 4, dtype=np.float32)
    y, held = np.zeros_like(x), np.zeros_like(x)
    add_one[2, 64](x, y, held)
    np.testing.assert_array_equal(y, x + 1)      # a load and its store undo each other
    if load is coop.block.load_striped:          # item k of thread t: element k*64 + t
        want = x.reshape(2, 4, 64).transpose(0, 2, 1).ravel()
    else:                                        # blocked: element t*4 + k
        want = x
    np.testing.assert_array_equal(held, want)


def test_vectorized_load_default_fills_past_the_end(jit):
    @jit
    def k(x, out):
        items = cuda.local.array(4, np.float32)
        coop.block.load_vectorized(x, items, 0, np.float32(-1))
        for j in range(4):
            out[cuda.threadIdx.x * 4 + j] = items[j]

    x = np.arange(10, dtype=np.float32)
    out = np.zeros(16, np.float32)
    k[1, 4](x, out)
    np.testing.assert_array_equal(out, np.concatenate([x, np.full(6, -1, np.float32)]))


@pytest.mark.parametrize("threads", [32, 100, 256])
def test_warp_transposed_load_and_store_are_blocked(jit, threads):
    @jit(launch_bounds=256)
    def k(x, y, ranks):
        items = cuda.local.array(5, np.float64)
        start = cuda.blockIdx.x * cuda.blockDim.x * 5
        coop.block.load_warp_transposed(x, items, start, -1.0)
        for j in range(5):
            ranks[start + cuda.threadIdx.x * 5 + j] = items[j]   # blocked, or the default
            items[j] *= 2
        coop.block.store_warp_transposed(y, items, start)

    nblocks = 2
    n = threads * 5 * nblocks - 13               # a ragged last tile
    x = np.arange(n, dtype=np.float64) + 0.5
    y = np.zeros(n)
    ranks = np.zeros(threads * 5 * nblocks)
    k[nblocks, threads](x, y, ranks)
    np.testing.assert_array_equal(ranks, np.concatenate([x, np.full(13, -1.0)]))
    np.testing.assert_array_equal(y, 2 * x)


def test_warp_transposed_load_then_sort_with_compiler_placed_storage(jit):
    @jit(launch_bounds=128)
    def sort_tiles(x):
        keys = cuda.local.array(8, np.int32)
        start = cuda.blockIdx.x * cuda.blockDim.x * 8
        coop.block.load_warp_transposed(x, keys, start, 2147483647)
        coop.block.radix_sort(keys)
        coop.block.store_warp_transposed(x, keys, start)

    x = np.random.default_rng(5).integers(-1000, 1000, 2 * 128 * 8 - 3).astype(np.int32)
    want = np.concatenate([np.sort(x[:1024]), np.sort(x[1024:])])
    sort_tiles[2, 128](x)
    np.testing.assert_array_equal(x, want)


def test_warp_transposed_needs_a_constant_local_array(jit):
    @jit
    def k(x, items):
        coop.block.load_warp_transposed(x, items, 0)

    with pytest.raises(pyjit.CompileError, match="cuda.local.array of constant size\n"):
        k[1, 32](np.zeros(64), np.zeros(2))


def test_tiles_and_bins_in_memory_of_the_wrong_scope_are_compile_errors(jit):
    # A thread's keys or items in shared memory, or a histogram's bins in a
    # thread's local memory, compiled: keys [5, 3, 9, 1] came back
    # [3, 3, 3, 3], and each thread counted only its own items.
    @jit
    def sort_shared(x):
        keys = cuda.shared.array(4, np.int32)
        coop.block.load(x, keys, 0)
        coop.block.radix_sort(keys)

    @jit
    def load_shared(x):
        items = cuda.shared.array(4, np.int32)
        coop.block.load(x, items, 0)

    @jit
    def local_bins(x):
        items = cuda.local.array(4, np.int32)
        bins = cuda.local.array(8, np.int32)
        coop.block.load(x, items, 0)
        coop.block.histogram(items, bins)

    x = np.arange(4, dtype=np.int32)
    for kern, message in [(sort_shared, r"radix_sort\(\): the keys are each thread's, in a "
                                        r"cuda.local.array, not a cuda.shared.array"),
                          (load_shared, r"load\(\): the items are each thread's"),
                          (local_bins, r"histogram\(\): the bins are the block's, in a "
                                       r"cuda.shared.array of integers, not a cuda.local.array")]:
        with pytest.raises(pyjit.CompileError, match=r"test_coop.py:\d+:\d+: error: "
                                                     r"coop.block." + message):
            kern[1, 1](x)


@pytest.mark.parametrize("others", [2, 0], ids=["two-others", "all-equal"])
def test_radix_sort_of_a_65536_key_tile_that_is_all_one_digit(jit, others):
    """The largest tile the packed 16-bit digit counters take: every key but `others` in
    one digit, so that digit's block total fills its counter (65536 wraps it to 0);
    values carry the original index, so the result must be numpy's stable argsort."""
    @jit
    def k(x, temp, idx_temp, out, order):
        keys = cuda.local.array(64, np.uint32)
        idx = cuda.local.array(64, np.int32)
        coop.block.load(x, keys, 0)
        for j in range(64):
            idx[j] = cuda.threadIdx.x * 64 + j
        coop.block.radix_sort(keys, temp, idx, idx_temp)   # temp in global memory
        coop.block.store(out, keys, 0)
        coop.block.store(order, idx, 0)

    n = 1024 * 64
    x = np.full(n, 0x5A5A5A5A, np.uint32)
    x[[100, 40000][:others]] = [0xFFFFFFFF, 0][:others]
    out, order = np.zeros_like(x), np.zeros(n, np.int32)
    k[1, 1024](x, np.zeros_like(x), np.zeros(n, np.int32), out, order)
    np.testing.assert_array_equal(out, np.sort(x))
    np.testing.assert_array_equal(order, np.argsort(x, kind="stable"))


def test_radix_sort_with_more_items_than_packed_counters_bound(jit):
    """128 items a thread with no launch_bounds could make a 131072-key tile: the sort
    then goes one bit per pass with int64 counts. Checked on a 32-thread block."""
    @jit
    def k(x):
        keys = cuda.local.array(128, np.int64)
        temp = cuda.shared.array(32 * 128, np.int64)
        coop.block.load(x, keys, 0)
        coop.block.radix_sort_descending(keys, temp)
        coop.block.store(x, keys, 0)

    x = np.random.default_rng(12).integers(-2**62, 2**62, 32 * 128)
    want = np.sort(x)[::-1]
    k[1, 32](x)
    np.testing.assert_array_equal(x, want)


def test_primitive_storage_beside_dynamic_shared_memory(jit):
    """The device library's scratch and compiler-placed tile storage are static shared
    memory: a kernel's dynamic shared array keeps its contents across them."""
    @jit(launch_bounds=128)
    def k(x, out, sums, kept):
        dyn = cuda.shared.array(0, np.float32)
        t = cuda.threadIdx.x
        dyn[t] = t + 0.5
        keys = cuda.local.array(4, np.int32)
        start = cuda.blockIdx.x * cuda.blockDim.x * 4
        coop.block.load(x, keys, start)
        s = coop.block.sum(keys[0] + keys[1] + keys[2] + keys[3])
        coop.block.radix_sort(keys)
        coop.block.store(out, keys, start)
        if t == 0:
            sums[cuda.blockIdx.x] = s
        cuda.syncthreads()
        kept[cuda.blockIdx.x * cuda.blockDim.x + t] = dyn[t]

    x = np.random.default_rng(8).integers(-1000, 1000, 2 * 128 * 4).astype(np.int32)
    out, sums = np.zeros_like(x), np.zeros(2, np.int64)
    kept = np.zeros(256, np.float32)
    k[2, 128, 0, 128 * 4](x, out, sums, kept)
    tiles = x.reshape(2, -1)
    np.testing.assert_array_equal(out, np.sort(tiles, axis=1).ravel())
    np.testing.assert_array_equal(sums, tiles.astype(np.int64).sum(axis=1))
    np.testing.assert_array_equal(kept, np.tile(np.arange(128) + 0.5, 2).astype(np.float32))


def test_tile_primitives_in_a_loop_over_tiles(jit):
    """A local array declared before a grid-stride loop: inside the loop it is the
    header's phi while the body is generated; its constant size still counts."""
    @jit(launch_bounds=64)
    def sort_tiles(x, ntiles):
        keys = cuda.local.array(4, np.int32)
        for tile in range(cuda.blockIdx.x, ntiles, cuda.gridDim.x):
            start = tile * cuda.blockDim.x * 4
            coop.block.load_warp_transposed(x, keys, start, 2147483647)
            coop.block.radix_sort(keys)
            coop.block.store_warp_transposed(x, keys, start)

    @jit
    def warp_sort(x, rounds):
        keys = cuda.local.array(4, np.int32)
        for r in range(rounds):
            for j in range(4):
                keys[j] = x[cuda.laneid * 4 + j] + r
            coop.warp.merge_sort_keys(keys)
            for j in range(4):
                x[cuda.laneid * 4 + j] = keys[j]

    x = np.random.default_rng(11).integers(-999, 999, 5 * 256 - 7).astype(np.int32)
    want = np.concatenate([np.sort(x[t * 256:(t + 1) * 256]) for t in range(5)])
    sort_tiles[2, 64](x, 5)
    np.testing.assert_array_equal(x, want)
    y = np.random.default_rng(12).integers(0, 99, 128).astype(np.int32)
    want = np.sort(y + 0) + 0 + 1   # round 0 sorts y, round 1 adds 1 and sorts again
    warp_sort[1, 32](y, 2)
    np.testing.assert_array_equal(y, want)


def test_a_different_array_on_the_next_pass_is_a_compile_error(jit):
    @jit
    def k(x, n):
        keys = cuda.local.array(4, np.int32)
        for r in range(n):
            coop.warp.merge_sort_keys(keys)
            keys = cuda.local.array(8, np.int32)
        x[0] = keys[0]

    with pytest.raises(pyjit.CompileError, match="needs the same cuda.local.array on every pass"):
        k[1, 32](np.zeros(1, np.int32), 2)


def test_static_shared_memory_over_48_kib_in_all_is_a_compile_error(jit):
    """Each placed storage fits, but with the other (and the device library's scratch)
    the kernel needs more than a block's 48 KiB: refused at compile time, naming the
    parts, not at nvJitLink's link (GPU) or not at all (CPU backend)."""
    @jit
    def k(x):
        keys = cuda.local.array(8, np.int32)     # 1024 x 8 x 4 = 32 KiB placed per kind
        start = cuda.blockIdx.x * cuda.blockDim.x * 8
        coop.block.load_warp_transposed(x, keys, start, 2147483647)   # padded: 33 KiB
        coop.block.radix_sort(keys)                                  # 32 KiB
        coop.block.store_warp_transposed(x, keys, start)

    with pytest.raises(pyjit.CompileError, match=r"needs 66824 bytes of static shared memory.*"
                                                 r"0 in cuda.shared.array, 66560 placed for "
                                                 r"pyjit.coop tiles, 264 of pyjit.coop's scratch; "
                                                 r"bound the block with launch_bounds"):
        k[1, 32](np.zeros(256, np.int32))


def test_radix_sort_values_must_match_the_keys_and_arity_is_named(jit):
    @jit
    def short_values(x):
        keys = cuda.local.array(4, np.int32)
        vals = cuda.local.array(2, np.int32)
        coop.block.radix_sort(keys, cuda.shared.array(128, np.int32), vals,
                              cuda.shared.array(128, np.int32))
        x[0] = keys[0] + vals[0]

    with pytest.raises(pyjit.CompileError, match="one value per key: 4 keys but 2 values"):
        short_values[1, 32](np.zeros(1, np.int32))

    @jit
    def three(x):
        keys = cuda.local.array(4, np.int32)
        coop.block.radix_sort(keys, keys, keys)
        x[0] = keys[0]

    with pytest.raises(pyjit.CompileError, match=r"takes 1, 2 or 4 arguments \(keys\[, temp"):
        three[1, 32](np.zeros(1, np.int32))


def test_block_load_and_store_blocked_and_striped(jit):
    @jit
    def shift(x, blocked, striped):
        items = cuda.local.array(3, np.float64)
        start = cuda.blockIdx.x * cuda.blockDim.x * 3
        coop.block.load(x, items, start)
        items[0] += 100
        coop.block.store(blocked, items, start)
        coop.block.load_striped(x, items, start)
        items[0] += 100
        coop.block.store_striped(striped, items, start)

    threads, nblocks = 40, 2
    n = threads * 3 * nblocks - 7  # the last tile is ragged: its tail is skipped
    x = np.arange(n, dtype=np.float64)
    blocked, striped = np.zeros(n), np.zeros(n)
    shift[nblocks, threads](x, blocked, striped)
    want_blocked, want_striped = x.copy(), x.copy()
    for b in range(nblocks):
        start = b * threads * 3
        want_blocked[start:start + threads * 3:3] += 100  # item 0 of each thread
        want_striped[start:start + threads] += 100        # the first stripe
    np.testing.assert_array_equal(blocked, want_blocked)
    np.testing.assert_array_equal(striped, want_striped)


def test_radix_sort_needs_integer_keys_and_matching_temp(jit):
    @jit
    def bad(x):
        items = cuda.local.array(2, np.int16)
        temp = cuda.shared.array(64, np.int16)
        coop.block.radix_sort(items, temp)

    with pytest.raises(pyjit.CompileError, match="sorts 32- and 64-bit integer and float "
                                                 "keys, not int16"):
        bad[1, 32](np.zeros(1, np.int16))


def test_block_exchange_and_histogram(jit):
    @jit
    def k(x, blocked_out, striped_out, hist_out):
        items = cuda.local.array(3, np.int32)
        temp = cuda.shared.array(3 * 64, np.int32)
        bins = cuda.shared.array(16, np.int32)
        start = cuda.blockIdx.x * cuda.blockDim.x * 3
        coop.block.load_striped(x, items, start)        # coalesced
        coop.block.exchange_striped_to_blocked(items, temp)
        coop.block.store(blocked_out, items, start)     # blocked: the tile in order
        coop.block.histogram(items, bins)
        if cuda.threadIdx.x < 16:
            hist_out[cuda.blockIdx.x, cuda.threadIdx.x] = bins[cuda.threadIdx.x]
        coop.block.exchange_blocked_to_striped(items, temp)
        coop.block.store_striped(striped_out, items, start)

    threads, nblocks = 50, 2
    x = np.random.default_rng(3).integers(-2, 18, threads * 3 * nblocks).astype(np.int32)
    blocked_out, striped_out = np.zeros_like(x), np.zeros_like(x)
    hist = np.zeros((nblocks, 16), np.int32)
    k[nblocks, threads](x, blocked_out, striped_out, hist)
    np.testing.assert_array_equal(blocked_out, x)
    np.testing.assert_array_equal(striped_out, x)
    tiles = x.reshape(nblocks, -1)
    want = np.stack([np.bincount(t[(t >= 0) & (t < 16)], minlength=16) for t in tiles])
    np.testing.assert_array_equal(hist, want)  # values outside 0..15 are not counted


@pytest.mark.parametrize("threads", [32, 100])
def test_exclusive_scan_with_a_device_function_and_its_identity(jit, threads):
    @jit
    def block_scan(x, out):
        i = cuda.grid(1)
        out[i] = coop.block.exclusive_scan(x[i], times, 1)

    @jit
    def warp_scan(x, out):  # whole warps only
        i = cuda.grid(1)
        out[i] = coop.warp.exclusive_scan(x[i], times, np.int64(1))

    def exclusive_products(rows):
        incl = np.cumprod(rows, axis=1)
        return np.concatenate([np.ones((len(rows), 1), np.int64), incl[:, :-1]], axis=1)

    x = np.where(np.arange(2 * threads) % 5 == 0, 2, 1).astype(np.int64)
    out = np.zeros_like(x)
    block_scan[2, threads](x, out)
    np.testing.assert_array_equal(out.reshape(2, threads),
                                  exclusive_products(x.reshape(2, threads)))
    w = x[:64]
    wout = np.zeros_like(w)
    warp_scan[1, 64](w, wout)
    np.testing.assert_array_equal(wout.reshape(2, 32), exclusive_products(w.reshape(2, 32)))


@cuda.jit(device=True)
def by_value_then_index(a, b):
    return a[0] < b[0] or (a[0] == b[0] and a[1] < b[1])


@pytest.mark.parametrize("dtype", [np.int32, np.uint64, np.float32, np.float64],
                         ids=lambda d: np.dtype(d).name)
def test_warp_merge_sort_keys(jit, dtype):
    @jit
    def k(x, out, pairs):
        i = cuda.grid(1)
        out[i] = coop.warp.merge_sort_keys(x[i])
        v, where = coop.warp.merge_sort_keys((x[i], i), by_value_then_index)
        pairs[i] = where

    x = np.random.default_rng(5).integers(0, 20, 96).astype(dtype)  # duplicates
    out = np.zeros_like(x)
    pairs = np.zeros(96, np.int64)
    k[1, 96](x, out, pairs)
    warps = x.reshape(3, 32)
    np.testing.assert_array_equal(out.reshape(3, 32), np.sort(warps, axis=1))
    order = np.stack([np.argsort(w, kind="stable") + 32 * r for r, w in enumerate(warps)])
    np.testing.assert_array_equal(pairs.reshape(3, 32), order)  # ties by index: stable


def test_block_radix_sort_with_values_is_a_stable_argsort(jit):
    @jit
    def argsort_tiles(x, order):
        keys = cuda.local.array(4, np.int32)
        idx = cuda.local.array(4, np.int64)
        temp = cuda.shared.array(4 * 64, np.int32)
        idx_temp = cuda.shared.array(4 * 64, np.int64)
        start = cuda.blockIdx.x * cuda.blockDim.x * 4
        coop.block.load(x, keys, start)
        for k in range(4):
            idx[k] = start + cuda.threadIdx.x * 4 + k
        coop.block.radix_sort(keys, temp, idx, idx_temp)
        coop.block.store(order, idx, start)

    x = np.random.default_rng(9).integers(-5, 5, 2 * 64 * 4).astype(np.int32)  # many ties
    order = np.zeros(x.size, np.int64)
    argsort_tiles[2, 64](x, order)
    tiles = x.reshape(2, -1)
    want = np.concatenate([np.argsort(t, kind="stable") + r * t.size for r, t in enumerate(tiles)])
    np.testing.assert_array_equal(order, want)


@cuda.jit(device=True)
def greater(a, b):
    return a > b


@cuda.jit(device=True)
def key_less(a, b):
    return a[0] < b[0]


@cuda.jit(device=True)
def compose(f, g):
    """Affine maps x -> f[0]*x + f[1]: f, then g (associative, not commutative)."""
    return (f[0] * g[0], g[0] * f[1] + g[1])


@cuda.jit(device=True)
def count_mean(a, b):
    """(count, mean) pairs merged; asserts that it never sees an empty one."""
    assert a[0] > 0 and b[0] > 0
    n = a[0] + b[0]
    return (n, a[1] + (b[1] - a[1]) * b[0] / n)


def test_warp_sort_with_ties_and_nan_keeps_every_value(jit):
    @jit
    def k(key, okey, oidx, f, of):
        i = cuda.grid(1)
        kk, ii = coop.warp.merge_sort_keys((key[i], i), key_less)  # ties on the key
        okey[i] = kk
        oidx[i] = ii
        of[i] = coop.warp.merge_sort_keys(f[i])

    key = np.array([3, 1, 2, 1] * 8, np.int32)
    f = np.arange(32, dtype=np.float32)
    f[0] = np.nan
    okey, oidx, of = np.zeros_like(key), np.zeros(32, np.int64), np.zeros_like(f)
    k[1, 32](key, okey, oidx, f, of)
    np.testing.assert_array_equal(okey, np.sort(key))
    assert sorted(oidx) == list(range(32))           # a permutation: nothing lost or doubled
    np.testing.assert_array_equal(key[oidx], okey)
    # NaNs sort last, as np.sort puts them; with `<` alone a NaN is
    # unordered and left the other values unsorted around it.
    np.testing.assert_array_equal(of, np.sort(f))
    rng = np.random.default_rng(5)
    for _ in range(20):
        g = rng.standard_normal(32).astype(np.float32)
        g[rng.choice(32, rng.integers(1, 8), replace=False)] = np.nan
        og = np.zeros_like(g)
        k[1, 32](key, okey, oidx, g, og)
        np.testing.assert_array_equal(og, np.sort(g))


@cuda.jit(device=True)
def sort_two_a_lane(t, data, i):
    """data[2i], data[2i + 1] through the local array t, sorted across the warp."""
    t[0] = data[2 * i]
    t[1] = data[2 * i + 1]
    coop.warp.merge_sort_keys(t)
    data[2 * i] = t[0]
    data[2 * i + 1] = t[1]


def test_warp_merge_sort_of_narrow_integers_and_bools_in_tuples_and_tiles(jit):
    # The doc allowed them; inference refused tuples holding int8/int16 and
    # tiles of int8 or bool (the shuffles move 32-bit registers: such values
    # go through int32 and back).
    @jit
    def k(x, okey, oidx, tile, flags):
        i = cuda.threadIdx.x
        kk, ii = coop.warp.merge_sort_keys((x[i], np.int16(i)), key_less)
        okey[i] = kk
        oidx[i] = ii
        sort_two_a_lane(cuda.local.array(2, np.int8), tile, i)
        sort_two_a_lane(cuda.local.array(2, np.bool_), flags, i)

    x = ((np.arange(32) * 13) % 32 - 16).astype(np.int8)  # a permutation of -16..15
    tile = ((np.arange(64) * 37) % 101 - 50).astype(np.int8)
    flags = (np.arange(64) % 3 == 0)
    okey, oidx = np.zeros_like(x), np.zeros(32, np.int16)
    want_tile, want_flags = np.sort(tile), np.sort(flags)
    k[1, 32](x, okey, oidx, tile, flags)
    np.testing.assert_array_equal(okey, np.sort(x))
    np.testing.assert_array_equal(x[oidx], okey)  # each key with its own index
    np.testing.assert_array_equal(tile, want_tile)
    np.testing.assert_array_equal(flags, want_flags)


@pytest.mark.parametrize("items", [1, 4])
def test_warp_merge_sort_of_items_puts_nans_last(jit, items):
    @jit
    def k(x, out):
        t = cuda.local.array(items, np.float64)  # (a closure constant)
        lane = cuda.threadIdx.x
        for j in range(t.size):
            t[j] = x[lane * t.size + j]
        coop.warp.merge_sort_keys(t)
        for j in range(t.size):
            out[lane * t.size + j] = t[j]

    rng = np.random.default_rng(items)
    for _ in range(10):
        x = rng.standard_normal(32 * items)
        x[rng.choice(x.size, rng.integers(1, 9), replace=False)] = np.nan
        out = np.zeros_like(x)
        k[1, 32](x, out)
        np.testing.assert_array_equal(out, np.sort(x))


@pytest.mark.parametrize("items", [1, 2, 4, 8])
@pytest.mark.parametrize("dtype", [np.int32, np.float64, np.uint64], ids=lambda d: np.dtype(d).name)
def test_warp_merge_sort_of_a_tile_of_items_per_lane(jit, dtype, items):
    @jit
    def k(x):
        keys = cuda.local.array(items, dtype)
        start = (cuda.grid(1) // 32) * 32 * items      # the warp's tile
        lane = cuda.laneid
        for j in range(items):
            keys[j] = x[start + lane * items + j]
        coop.warp.merge_sort_keys(keys)
        for j in range(items):
            x[start + lane * items + j] = keys[j]

    rng = np.random.default_rng(items)
    if np.dtype(dtype).kind == "f":
        x = rng.standard_normal(64 * items).astype(dtype)
    else:
        x = rng.integers(0, 50, 64 * items).astype(dtype)   # ties
    want = np.sort(x.reshape(2, -1), axis=1).ravel()
    k[1, 64](x)
    np.testing.assert_array_equal(x, want)


def test_warp_merge_sort_of_a_tile_with_a_comparison(jit):
    @jit
    def k(x):
        keys = cuda.local.array(4, np.int32)
        for j in range(4):
            keys[j] = x[cuda.laneid * 4 + j]
        coop.warp.merge_sort_keys(keys, greater)      # descending
        for j in range(4):
            x[cuda.laneid * 4 + j] = keys[j]

    x = np.random.default_rng(3).integers(-100, 100, 128).astype(np.int32)
    want = np.sort(x)[::-1]
    k[1, 32](x)
    np.testing.assert_array_equal(x, want)


def test_warp_merge_sort_of_a_tile_needs_a_power_of_two(jit):
    @jit
    def k(x):
        keys = cuda.local.array(3, np.int32)
        coop.warp.merge_sort_keys(keys)
        x[0] = keys[0]

    with pytest.raises(pyjit.CompileError, match="constant size is a power of two, not 3"):
        k[1, 32](np.zeros(1, np.int32))


def test_non_commutative_operators_reduce_in_thread_order(jit):
    @jit
    def k(a, b, wa, wb, ba, bb):
        i = cuda.grid(1)
        x, y = coop.warp.reduce((a[i], b[i]), compose)
        wa[i] = x
        wb[i] = y
        x, y = coop.block.reduce((a[i], b[i]), compose)
        ba[i] = x
        bb[i] = y

    n = 96
    a = np.full(n, 3, np.int64)
    b = np.arange(n, dtype=np.int64)
    out = [np.zeros(n, np.int64) for _ in range(4)]
    k[1, n](a, b, *out)

    def composed(lo, hi):
        fa, fb = 1, 0
        for j in range(lo, hi):
            fa, fb = (fa * int(a[j])) % 2 ** 64, (int(a[j]) * fb + int(b[j])) % 2 ** 64
        return np.array([fa, fb], np.uint64).astype(np.int64)

    for w in range(3):
        want = composed(32 * w, 32 * w + 32)
        assert (out[0][32 * w:32 * w + 32] == want[0]).all()
        assert (out[1][32 * w:32 * w + 32] == want[1]).all()
    want = composed(0, n)
    assert (out[2] == want[0]).all() and (out[3] == want[1]).all()


def test_operator_sees_only_real_partial_results(jit):
    @jit(debug=True)
    def k(x, out):
        i = cuda.grid(1)
        count, mean = coop.block.reduce((np.int64(1), x[i]), count_mean)
        out[i] = mean

    x = np.arange(100, dtype=np.float64)
    out = np.zeros_like(x)
    k[1, 100](x, out)  # no AssertionError: the operator never sees an unwritten slot
    np.testing.assert_allclose(out, x.mean())


def test_complex_value_into_a_real_array_is_a_compile_error(jit):
    @jit
    def k(x, out):
        i = cuda.grid(1)
        out[i] = x[i]

    with pytest.raises(pyjit.CompileError, match="cannot store a complex value \\(complex128\\) "
                                                 "into an array of float64"):
        k[1, 4](np.arange(4) + 1j, np.zeros(4))


def test_sorting_a_ragged_last_tile_with_a_default(jit):
    @jit
    def sort_tiles(x):
        keys = cuda.local.array(4, np.int32)
        temp = cuda.shared.array(4 * 64, np.int32)
        start = cuda.blockIdx.x * cuda.blockDim.x * 4
        coop.block.load(x, keys, start, 2147483647)  # past the end: the largest key
        coop.block.radix_sort(keys, temp)
        coop.block.store(x, keys, start)             # only real elements are written

    x = np.random.default_rng(2).integers(-100, 100, 64 * 4 + 30).astype(np.int32)
    want = np.concatenate([np.sort(x[:256]), np.sort(x[256:])])
    sort_tiles[2, 64](x)
    np.testing.assert_array_equal(x, want)


def test_tile_storage_too_small_never_writes_outside_it(jit):
    @jit
    def k(x, other_out):
        keys = cuda.local.array(4, np.int32)
        temp = cuda.shared.array(8, np.int32)        # far too small for 64 x 4 keys
        other = cuda.shared.array(64, np.int32)
        other[cuda.threadIdx.x] = 7
        cuda.syncthreads()
        coop.block.load(x, keys, 0)
        coop.block.radix_sort(keys, temp)
        coop.block.store(x, keys, 0)
        cuda.syncthreads()
        other_out[cuda.threadIdx.x] = other[cuda.threadIdx.x]

    x = np.arange(256, dtype=np.int32)[::-1].copy()
    other_out = np.zeros(64, np.int32)
    k[1, 64](x, other_out)  # a wrong sort, but no corruption and no crash
    assert (other_out == 7).all()


_lambda_op = cuda.jit(device=True)(lambda a, b: a if a > b else b)


def test_a_lambda_device_function_as_operator(jit):
    # A lambda made a device function compiles (its source becomes a
    # one-line def), as numba compiles lambdas.
    @jit
    def k(x, out):
        i = cuda.grid(1)
        out[i] = coop.block.reduce(x[i], _lambda_op)

    x = np.random.default_rng(5).integers(0, 100, 64).astype(np.float64)
    out = np.zeros(64)
    k[2, 32](x, out)
    np.testing.assert_array_equal(out, np.repeat(x.reshape(2, 32).max(axis=1), 32))


def test_the_compiler_places_tile_storage(jit):
    @jit(launch_bounds=128)
    def sort_tiles(x):
        keys = cuda.local.array(4, np.float64)
        start = cuda.blockIdx.x * cuda.blockDim.x * 4
        coop.block.load_striped(x, keys, start, np.inf)
        coop.block.exchange_striped_to_blocked(keys)   # storage: 128 x 4 float64
        coop.block.radix_sort(keys)
        coop.block.store(x, keys, start)

    x = np.random.default_rng(4).standard_normal(2 * 128 * 4 - 9)
    want = np.concatenate([np.sort(x[:512]), np.sort(x[512:])])
    sort_tiles[2, 128](x)
    np.testing.assert_array_equal(x, want)


def test_compiler_placed_storage_over_48_kib_is_refused_with_the_fix(jit):
    @jit
    def too_big(x):
        keys = cuda.local.array(8, np.int64)   # 1024 threads x 8 x 8 bytes = 64 KiB
        coop.block.load(x, keys, 0)
        coop.block.radix_sort(keys)
        coop.block.store(x, keys, 0)

    with pytest.raises(pyjit.CompileError, match="needs 65536 bytes of shared memory .* "
                                                 "launch_bounds"):
        too_big[1, 32](np.zeros(8, np.int64))
