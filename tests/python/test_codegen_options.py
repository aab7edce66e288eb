"""Code-generation options change speed, never the meaning beyond their
documented precision: results on every backend (`jit`) against numpy."""
import math

import numpy as np
import pytest

import pyjit
from pyjit import cuda


def test_fastmath_results_within_documented_error(jit):
    def body(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = math.sin(x[i]) / (1.0 + math.sqrt(x[i])) + math.exp(-x[i])

    precise = jit(body)
    fast = jit(fastmath=True)(body)
    x = np.linspace(0.01, 3.0, 1000, dtype=np.float32)
    want = (np.sin(x.astype(np.float64)) / (1 + np.sqrt(x.astype(np.float64)))
            + np.exp(-x.astype(np.float64)))
    a = np.zeros_like(x)
    b = np.zeros_like(x)
    precise[4, 256](x, a)
    fast[4, 256](x, b)
    np.testing.assert_allclose(a, want, rtol=2e-6, atol=1e-6)
    # __sinf/__expf and approximate division: about 2^-21 absolute on [-pi, pi]
    # (CUDA C++ Programming Guide, "Intrinsic Functions").
    np.testing.assert_allclose(b, want, rtol=1e-5, atol=1e-5)


@pytest.mark.gpu_only("ftz is a GPU instruction mode; the CPU backend keeps subnormals")
def test_fastmath_ftz_flushes_float32_subnormals(jit):
    def body(x, out):
        out[0] = x[0] * 0.5

    tiny = np.array([np.float32(1e-39)], dtype=np.float32)  # subnormal
    out = np.ones(1, dtype=np.float32)
    jit(fastmath={"ftz"})(body)[1, 1](tiny, out)
    assert out[0] == 0.0
    jit(body)[1, 1](tiny, out)
    assert out[0] == np.float32(1e-39) * np.float32(0.5)


def test_lineinfo_and_max_registers_compile_and_run(jit):
    @jit(lineinfo=True, max_registers=32)
    def k(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = 2 * x[i]

    x = np.arange(100, dtype=np.float64)
    out = np.zeros_like(x)
    k[1, 128](x, out)
    np.testing.assert_array_equal(out, 2 * x)


def test_debug_without_optimization_runs_with_its_checks(jit):
    # debug=True, opt=False: full DWARF (linked with -g on the GPU); the
    # kernel computes the same and still checks indices.
    @jit(debug=True, opt=False)
    def k(x, out, n):
        i = cuda.grid(1)
        s = 0.0
        for j in range(n):
            s += x[j]
        if i < out.size:
            out[i] = s + i

    x = np.arange(10, dtype=np.float64)
    out = np.zeros(64)
    k[1, 64](x, out, 10)
    np.testing.assert_array_equal(out, x.sum() + np.arange(64))
    with pytest.raises(IndexError):
        k[1, 64](x, out, 11)  # x[10]


@pytest.mark.gpu
def test_debug_without_optimization_links_dwarf_into_the_cubin():
    @cuda.jit("void(float32[::1])", debug=True, opt=False)
    def k(x):
        x[cuda.grid(1)] = 1.0

    @cuda.jit("void(float32[::1])", debug=True)
    def optimized(x):
        x[cuda.grid(1)] = 1.0

    # (the overload's linked cubin: an ELF whose section names say what it holds)
    assert b".debug_info" in list(k.overloads.values())[0].cubin
    assert b".debug_info" not in list(optimized.overloads.values())[0].cubin
    x = cuda.device_array(32, np.float32)
    k[1, 32](x)
    np.testing.assert_array_equal(x.copy_to_host(), np.ones(32, np.float32))


def test_atomic_add_float16(jit):
    @jit
    def k(acc, v):
        cuda.atomic.add(acc, 0, v[cuda.grid(1)])

    v = np.full(256, 0.5, dtype=np.float16)
    acc = np.zeros(1, dtype=np.float16)
    k[2, 128](acc, v)
    assert acc[0] == np.float16(128.0)  # 256 * 0.5, exact in float16


def test_histogram_grid_stride_loop_counts_every_element(jit):
    # The grid-stride loop is a counted loop that LLVM unrolls: every
    # element is counted once whatever the remainder.
    @jit
    def k(data, hist):
        for i in range(cuda.grid(1), data.size, cuda.gridsize(1)):
            cuda.atomic.add(hist, data[i], 1)

    rng = np.random.default_rng(1)
    for n in (1, 37, 1000, 4099):
        data = rng.integers(0, 16, n, dtype=np.uint8)
        hist = np.zeros(16, dtype=np.int32)
        k[3, 64](data, hist)
        np.testing.assert_array_equal(hist, np.bincount(data, minlength=16))


def test_range_loops_with_runtime_bounds_and_steps(jit):
    @jit
    def k(params, out):
        start, stop, step = params[0], params[1], params[2]
        n = 0
        total = 0
        for i in range(start, stop, step):
            n += 1
            total += i
        out[0] = n
        out[1] = total

    cases = [(0, 10, 3), (10, 0, -3), (5, 5, 1), (-7, 7, 2), (7, -7, -2), (0, 10, 0),
             (-2**62, 2**62, 2**61), (2**63 - 5, 2**63 - 1, 1)]
    checked = getattr(jit, "_jit", None) is not None  # the CPU backend checks bounds
    for start, stop, step in cases:
        out = np.zeros(2, dtype=np.int64)
        params = np.array([start, stop, step], dtype=np.int64)
        if step == 0 and checked:  # Python's ValueError where bounds are checked
            with pytest.raises(ValueError, match=r"range\(\) arg 3 must not be zero"):
                k[1, 1](params, out)
            continue
        k[1, 1](params, out)
        r = range(start, stop, step) if step else range(0)  # unchecked: a zero step runs nothing
        total = (sum(r) + 2**63) % 2**64 - 2**63
        assert out.tolist() == [len(r), total], (start, stop, step)


def test_uint64_ranges_count_past_2_63(jit):
    # numba's unsigned range iterator: uint64 bounds count in uint64, also
    # with one Python int literal among two of them (numba's overload
    # resolution: one unsafe conversion against two). They were read as
    # int64, so a stop past 2**63 was negative and the loop ran no iteration.
    @jit
    def k(lo, hi, step, out):
        n = 0
        last = lo
        for i in range(lo, hi):
            n += 1
            last = i
            if n == 5:
                break
        out[0] = n
        out[1] = last
        m = 0
        for j in range(0, hi, step):  # 0, 2**62, 2**63, 3 * 2**62 below 2**64 - 1
            m += 1
        out[2] = m

    out = np.zeros(3, dtype=np.uint64)
    for lo, hi in [(2**64 - 3, 2**64 - 1), (0, 2**63 + 5), (2**63, 2**63 + 2), (7, 3)]:
        k[1, 1](np.uint64(lo), np.uint64(hi), np.uint64(2**62), out)
        n = min(max(hi - lo, 0), 5)  # (len() of a range past 2**63 overflows)
        assert out.tolist() == [n, lo + n - 1 if n else lo, -(-hi // 2**62)], (lo, hi)


def test_range_of_narrow_unsigned_counts_in_uint64(jit):
    # numba-cuda's Range template resolved: range(n) of a uint32 takes the
    # uint64 signature (uint32 promotes to uint64, converts safely to int64),
    # range(0, n) the int64 one (the literal 0 is unsafe to uint64).
    @jit
    def k(n, out):
        for j in range(n):
            out[0] = -j  # uint64: 2**64 - 1 for j = 1
        for j in range(0, n):
            out[1] = -j  # int64: -1

    out = np.zeros(2)
    k[1, 1](np.uint32(2), out)
    assert out.tolist() == [float(2**64 - 1), -1.0]


@pytest.mark.gpu_only("the 32-bit index variant is a GPU code path (and CuPy arrays)")
def test_arrays_of_2gib_or_more_take_the_64bit_index_variant(jit):
    # Kernels are compiled for 32-bit offsets first; a launch with an array
    # spanning 2^31 bytes or more runs the 64-bit variant (compiled then).
    cp = pytest.importorskip("cupy")

    @jit
    def k(a, idx, out):
        out[0] = a[idx[0]]
        a[idx[0]] = 7

    small = cp.zeros(16, dtype=cp.uint8)
    out = cp.zeros(1, dtype=cp.uint8)
    small[15] = 3
    k[1, 1](small, cp.array([15], dtype=cp.int64), out)
    assert int(out[0]) == 3 and int(small[15]) == 7
    n = (1 << 31) + 64
    try:
        big = cp.zeros(n, dtype=cp.uint8)
    except cp.cuda.memory.OutOfMemoryError:
        pytest.skip("no room for a 2 GiB array")
    big[n - 1] = 5
    k[1, 1](big, cp.array([n - 1], dtype=cp.int64), out)
    assert int(out[0]) == 5 and int(big[n - 1]) == 7
    assert int(big[(n - 1) - (1 << 31)]) == 0  # nothing written at the 31-bit-wrapped offset
    del big


def test_compile_api_mends_launch_bounds_for_another_cc_reserved_abi_names_debug_warning():
    # (a helper's findings) The PTX for another cc dropped .maxntid; an
    # abi_name of libdevice's (__nv_sinf) made a function calling itself;
    # compile_ptx(debug=True) gave no InvalidConfigWarning as jit does.
    import math
    import warnings

    @cuda.jit(launch_bounds=(128, 2), target="cpu")
    def bounded(a):
        a[cuda.grid(1)] = 1.0

    bounded[1, 1](np.zeros(1))
    [overload] = bounded.overloads.values()
    for cc in (None, (9, 0), (8, 0)):
        ptx = overload.inspect_asm(cc)
        assert ".maxntid 128" in ptx and ".minnctapersm 2" in ptx, cc

    def f(x, y):
        return math.sin(x) + y

    with pytest.raises(ValueError, match="abi_name.*'__nv_sinf' is reserved"):
        cuda.compile(f, "float32(float32, float32)", abi_info={"abi_name": "__nv_sinf"})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        cuda.compile_ptx(bounded, "void(float64[:])", debug=True)
    assert any(issubclass(w.category, pyjit.InvalidConfigWarning) and
               "debug=True with opt=True" in str(w.message) for w in caught)


def test_compile_all_gives_the_device_library_code_that_calls_it():
    # compile_ptx of a grid-syncing kernel calls __pyjit_coop_grid_sync,
    # which ptxas cannot resolve alone; compile_all gave only that PTX.
    def k(a):
        cuda.cg.this_grid().sync()
        a[0] = 1

    codes, _ = cuda.compile_all(k, "void(float32[::1])", device=False, abi="numba")
    assert "__pyjit_coop_grid_sync" in codes[0]
    assert len(codes) == 2
    lib = codes[1]
    assert (lib[:4] == b"\x7fELF") if isinstance(lib, bytes) else ("__pyjit_coop_grid_sync" in lib)

    def plain(a):
        a[0] = 1

    assert len(cuda.compile_all(plain, "void(float32[::1])", device=False, abi="numba")[0]) == 1
