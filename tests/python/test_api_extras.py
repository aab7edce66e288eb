"""numba.cuda host API names beyond the core (cuda.reduce, pinned/mapped
blocks, stream and event queries, contexts, profiling hooks, aliases), on the
GPU and on the CPU backend. Expected values come from numpy."""
import inspect
import math
import os
import re
import subprocess
import tempfile

import numpy as np
import pytest

import pyjit
from pyjit import cuda


@cuda.reduce
def sum_reduce(a, b):
    return a + b


@cuda.reduce
def max_reduce(a, b):
    return max(a, b)


@pytest.mark.parametrize("n", [1, 5, 255, 256, 257, 4097, 100003])
def test_reduce_matches_numpy(n):
    a = (np.arange(n, dtype=np.float64) * 7) % 17  # small integers: exact sums
    assert sum_reduce(a) == a.sum()
    b = ((np.arange(n, dtype=np.int64) * 7919) % 10007).astype(np.int32)
    got = max_reduce(b)
    assert got == b.max() and isinstance(got, np.int32)


def numba_order(op, a, init):
    """numba-cuda's cuda.reduce order (numba/cuda/kernels/reduction.py), in
    Python: 128-thread blocks, warps halved in shared memory, the remainder
    in one block, init on the right of the first block's value."""
    def warp_tree(v):
        v = list(v) + [None] * (32 - len(v))
        w = 16
        while w:
            for l in range(w):
                v[l] = op(v[l], v[l + w])
            w //= 2
        return v[0]
    def full_blocks(x, nb):
        step = 128 * nb; out = []
        for b in range(nb):
            accs = []
            for t in range(128):
                s = t + 128 * b
                acc = x[s]
                for i in range(s + step, len(x), step):
                    acc = op(acc, x[i])
                accs.append(acc)
            w = [warp_tree(accs[32 * k:32 * k + 32]) for k in range(4)]
            out.append(op(op(w[0], w[2]), op(w[1], w[3])))
        return out
    def partial_block(x):
        n = len(x); ws = []
        for k in range((n + 31) // 32):
            seg = x[32 * k:32 * k + 32]
            if (k + 1) * 32 < n:
                ws.append(warp_tree(seg))
            else:
                r = seg[0]
                for v in seg[1:]:
                    r = op(r, v)
                ws.append(r)
        r = ws[0]
        for v in ws[1:]:
            r = op(r, v)
        return r
    n = len(a); full = n // 128 * 128; rest = n - full; nb = min(full // 128, 64)
    parts = []
    if full:
        parts = full_blocks(a[:full], nb)
        parts[0] = op(parts[0], init)
    if rest:
        p = partial_block(a[full:])
        if not nb:
            p = op(p, init)
        parts.append(p)
    return parts[0] if len(parts) == 1 else partial_block(parts)


# 190000: 23 or 24 elements a thread of the 64 full blocks, so each thread
# folds a batch of 16 loads, one of 4 and single ones; 620000: 75 or 76,
# a batch of 48 loads, then of 16 and of 4.
@pytest.mark.parametrize("n", [1, 3, 33, 64, 65, 128, 129, 1000, 8193, 70000, 190000,
                               620000])
def test_reduce_combines_in_numba_cudas_order(n):
    # pyjit reduced in a 256-thread tree and applied init last: float32 sums
    # differed from numba's in their last bits, and a function keeping its
    # right operand returned init.
    a = np.random.default_rng(n).standard_normal(n).astype(np.float32)
    init = np.float32(0.5)
    for f, op in [(lambda x, y: x + y, lambda x, y: np.float32(x + y)),
                  (lambda x, y: y, lambda x, y: y),
                  (lambda x, y: x - y, lambda x, y: np.float32(x - y))]:
        assert cuda.reduce(f)(a, init=init) == numba_order(op, list(a), init)
    # By hand: fewer than 33 elements are one warp folded left to right,
    # then op(that, init): (1e8 + 1) + -1e8 in float32 is 0 (1 is below
    # 1e8's spacing of 8), and 1 - 2 - 3 - 4 - 5 - 0 is -13.
    assert cuda.reduce(lambda x, y: x + y)(np.array([1e8, 1, -1e8], np.float32)) == 0.0
    assert cuda.reduce(lambda x, y: x - y)(np.arange(1.0, 6.0)) == -13.0


def test_one_reduction_over_changing_sizes_finds_its_last_block_each_time():
    # One launch a call: the last block to finish combines the partial
    # results, found by a count in device memory that each call leaves at
    # 0. Sizes of 1, 2, 65 and 66 blocks, in turn, over the front of one
    # longer array (its later values would change the sums).
    d = cuda.to_device(np.arange(20000, dtype=np.int64))
    res = cuda.device_array(1, np.int64)
    for n in [20000, 1, 129, 8192 + 5, 1000, 128, 20000, 64, 8193]:
        assert sum_reduce(d, size=n) == n * (n - 1) // 2, n
        assert sum_reduce(d, size=n, res=res) is None
        assert res.copy_to_host()[0] == n * (n - 1) // 2, n


def test_reduce_init_size_res_and_empty():
    a = np.arange(100, dtype=np.float64)
    assert sum_reduce(a, init=5.0) == a.sum() + 5.0  # init applied once
    assert sum_reduce(a, size=10) == a[:10].sum()
    assert sum_reduce(a[:0], init=3.0) == 3.0
    res = cuda.device_array(2, np.float64)
    res.copy_to_device(np.array([-1.0, -2.0]))
    assert sum_reduce(cuda.to_device(a), res=res) is None
    np.testing.assert_array_equal(res.copy_to_host(), [a.sum(), -2.0])
    with pytest.raises(TypeError, match="1-D"):
        sum_reduce(np.zeros((2, 2)))
    assert sum_reduce(a, size=1000) == a.sum()  # numba reduces a[:size]
    assert sum_reduce(a, res=res, size=0, init=7.0) == 7.0  # res untouched
    np.testing.assert_array_equal(res.copy_to_host(), [a.sum(), -2.0])


def test_reduce_of_timedeltas_and_of_what_it_cannot_add():
    seconds = np.array([3, 4, 5], dtype="m8[s]")
    assert sum_reduce(seconds) == np.timedelta64(12, "s")  # init 0 in the array's unit
    with pytest.raises(TypeError, match=r"cuda.reduce takes an array of numbers.* not dtype \|S1"):
        sum_reduce(np.array([b"a", b"b"]))


def test_reduce_of_a_lambda_and_host_casts():
    # numba's docs: cuda.reduce(lambda a, b: a + b); numba types convert
    # values on the host.
    sum_reduce2 = cuda.reduce(lambda a, b: a + b)
    assert sum_reduce2(np.arange(1234.0)) == np.arange(1234.0).sum()
    assert pyjit.float32(0.1) == np.float32(0.1) and type(pyjit.float32(0.1)) is np.float32
    assert pyjit.complex64(1 + 2j) == np.complex64(1 + 2j)
    assert pyjit.int8(300 - 256) == np.int8(44)


def test_reduce_applies_init_to_the_first_blocks_value_as_stored():
    # numba stores a block's value in the array's dtype, then applies init:
    # partials[0] = op(partials[0], init). pyjit applied init first, to a
    # float64 function result not yet rounded to float32. By hand: 33 values
    # are one block; its warps give 32.0 (32 ones) and 2**-20; 32 + 2**-20
    # stored as float32 is 32.0 (spacing 2**-18 there); 32 + 2**-19 is a tie,
    # to even: 32.0. Unrounded, 32 + 2**-20 + 2**-19 rounds up to 32 + 2**-18.
    a = np.array([1.0] * 32 + [2.0 ** -20], np.float32)
    wide = cuda.reduce(lambda x, y: np.float64(x) + y)
    got = wide(a, init=np.float32(2.0 ** -19))
    assert got == np.float32(32.0) and got.dtype == np.float32
    # Over several blocks (129 values: a full block and one of 1), the same:
    # block 0's 128 ones are 128.0; op(128, 2**-17) stored is 128.0 (spacing
    # 2**-16: a tie, to even); then the rest block's 1.0: 129.0.
    b = np.array([1.0] * 128 + [1.0], np.float32)
    assert wide(b, init=np.float32(2.0 ** -17)) == np.float32(129.0)


def test_reduce_calls_of_other_sizes_dtypes_and_threads_reuse_nothing_stale():
    # Its partial results live in memory kept between calls: each call's
    # result is its own, whatever the call before (size, dtype) or beside.
    import threading
    import warnings
    r = cuda.reduce(lambda a, b: a + b)
    sizes = [100003, 3, 129, 8191, 1, 64 * 128 + 5]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # (its own small grids warn of no low occupancy)
        for n in sizes:
            a = (np.arange(n) * 7) % 17
            assert r(a.astype(np.float64)) == a.sum()
            assert r(a.astype(np.int32)) == a.sum()
    out = {}

    def work(k):
        a = np.arange(1000 * (k + 1), dtype=np.int64)
        out[k] = [r(a) for _ in range(5)]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k in range(4):
        n = 1000 * (k + 1)
        assert out[k] == [n * (n - 1) // 2] * 5


def test_stream_and_event_queries_and_auto_synchronize():
    @cuda.jit
    def fill(a, v):
        a[cuda.grid(1)] = v

    s = cuda.stream()
    d = cuda.device_array(1024, np.float32)
    with s.auto_synchronize():
        fill[4, 256, s](d, 3.0)
        e = cuda.event()
        e.record(s)
    assert s.query() is True  # auto_synchronize waited on leaving the block
    assert e.query() is True
    np.testing.assert_array_equal(d.copy_to_host(), 3.0)


def test_pinned_and_mapped_blocks():
    @cuda.jit
    def double(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] *= 2

    a = np.arange(1000, dtype=np.float64)
    with cuda.pinned(a):
        d = cuda.to_device(a)
        double[4, 256](d)
        d.copy_to_host(a)
    np.testing.assert_array_equal(a, 2 * np.arange(1000))
    b = np.arange(64, dtype=np.int32)
    c = np.ones(8, dtype=np.float32)
    with cuda.mapped(b, c) as (mb, mc):
        double[1, 64](mb)  # in place, in the host array's memory
        double[1, 8](mc)
        cuda.synchronize()
    np.testing.assert_array_equal(b, 2 * np.arange(64))
    np.testing.assert_array_equal(c, 2.0)
    with cuda.mapped(b) as mb:  # one array: one device array, as numba
        assert cuda.is_cuda_array(mb) and mb.shape == (64,)
        double[1, 64](mb)
        cuda.synchronize()
        np.testing.assert_array_equal(mb.copy_to_host(), 4 * np.arange(64))
    np.testing.assert_array_equal(b, 4 * np.arange(64))
    r = np.arange(6.0)[::-2]  # 5, 3, 1: a negative stride
    with cuda.mapped(r) as mr:
        double[1, 4](mr)
        cuda.synchronize()
    np.testing.assert_array_equal(r, [10.0, 6.0, 2.0])
    with pytest.raises(TypeError, match="numpy arrays"):
        with cuda.pinned([1, 2]):
            pass
    frozen = np.frombuffer(bytes(24), np.float64)  # read-only memory
    for block in (cuda.mapped, cuda.pinned):  # numba: "buffer source array is read-only"
        with pytest.raises(ValueError, match="read-only"):
            with block(frozen):
                pass


def test_like_constructors_context_and_aliases():
    f = np.zeros((3, 4), order="F", dtype=np.float32)
    p = cuda.pinned_array_like(f)
    assert p.shape == (3, 4) and p.dtype == np.float32 and p.flags.f_contiguous
    m = cuda.mapped_array_like(np.zeros(5, np.int16))
    assert m.shape == (5,) and m.dtype == np.int16
    info = cuda.current_context().get_memory_info()
    assert 0 < info.free <= info.total and info == (info.free, info.total)
    with cuda.defer_cleanup():
        pass
    with cuda.profiling():
        pass
    from pyjit.cuda.devicearray import DeviceNDArray
    assert isinstance(cuda.to_device(np.zeros(3)), DeviceNDArray)
    assert str(pyjit.complex64) == "complex64" and str(pyjit.complex128[:]) == "complex128[:]"


def test_complex_type_objects_in_signatures_and_casts():
    @cuda.jit(pyjit.void(pyjit.complex128[::1], pyjit.float64))
    def k(out, x):
        out[0] = pyjit.complex64(x) * 1j

    out = np.zeros(1, np.complex128)
    k[1, 1](out, 0.1)
    assert out[0] == np.complex64(0.1) * 1j


def test_detect(capsys):
    found = cuda.detect()
    text = capsys.readouterr().out
    assert found == cuda.is_available()
    if found:
        assert "Found %d CUDA devices" % len(cuda.gpus) in text
    else:
        assert "CPU backend" in text


def test_device_array_view_as_another_dtype():
    # numba's DeviceNDArray.view: the same bytes, read as numpy reads them.
    host = np.arange(12, dtype=np.float32).reshape(3, 4)
    d = cuda.to_device(host)
    v = d.view(np.uint32)
    assert v.shape == (3, 4) and v.dtype == np.uint32
    np.testing.assert_array_equal(v.copy_to_host(), host.view(np.uint32))
    w = d.view(np.float64)
    assert w.shape == (3, 2)
    np.testing.assert_array_equal(w.copy_to_host(), host.view(np.float64))
    b = d.view(np.uint8)
    assert b.shape == (3, 16)

    @cuda.jit
    def bump(a):  # writing through the view writes the original's bytes
        a[0, 0] += 1

    bump[1, 1](v)
    assert d.copy_to_host()[0, 0] == np.array([1], np.uint32).view(np.float32)[0]
    with pytest.raises(ValueError, match="do not divide"):
        cuda.to_device(np.zeros(3, np.uint8)).view(np.float32)
    with pytest.raises(ValueError, match="last dimension contiguous"):
        d[:, ::2].view(np.float64)


def test_managed_array_is_used_in_place():
    # numba.cuda.managed_array: one memory for host and kernels.
    @cuda.jit
    def fill(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = i * 2

    m = cuda.managed_array(100, np.int32)
    assert isinstance(m, np.ndarray) and m.shape == (100,) and m.dtype == np.int32
    m[:] = -1
    fill[1, 128](m)
    cuda.synchronize()
    np.testing.assert_array_equal(m, np.arange(100) * 2)
    f = cuda.managed_array((3, 4), np.float32, order="F")
    assert f.flags.f_contiguous


def test_in_out_inout_hints_choose_the_copies(jit):
    # numba.cuda.In: copied to the device only (kernel writes are not copied
    # back); Out: copied back only; InOut: both (a plain host array's way).
    @jit
    def k(a, b, c, d):
        i = cuda.grid(1)
        if i < a.size:
            c[i] = a[i] + b[i]
            a[i] = -1.0
            d[i] += 1.0

    a = np.arange(4.0)
    b = np.ones(4)
    c = np.full(4, 7.0)
    d = np.zeros(4)
    k[1, 4](cuda.In(a), b, cuda.Out(c), cuda.InOut(d))
    np.testing.assert_array_equal(a, np.arange(4.0))  # not copied back
    np.testing.assert_array_equal(c, np.arange(4.0) + 1)
    np.testing.assert_array_equal(d, np.ones(4))
    dev = cuda.to_device(np.zeros(4))
    k[1, 4](cuda.In(dev), b, cuda.Out(c), d)  # a device array: used as it is
    np.testing.assert_array_equal(dev.copy_to_host(), -np.ones(4))
    assert repr(cuda.In(1)) == "In(1)"


def test_compile_variants_give_ptx():
    # numba-cuda's cuda.compile makes a C-ABI device function by default.
    ptx, restype = cuda.compile(_compile_me, "void(float32[:])", device=False, abi="numba")
    assert ".entry _compile_me" in ptx and restype is pyjit.void
    ptx_c, restype = cuda.compile(_hyp, "float32(float32, float32)")
    assert ".visible .func  (.param .b32 func_retval0) _hyp(" in ptx_c
    assert ".entry" not in ptx_c and restype is pyjit.float32
    with pytest.raises(ValueError, match="Can only designate forced inlining in LTO-IR"):
        cuda.compile(_hyp, "float32(float32, float32)", forceinline=True)
    assert ".target sm_100f" in cuda.compile_ptx(_compile_me, "void(float32[:])",
                                                 cc=(10, 0, "f"))[0]
    with pytest.raises(ValueError, match="cc must be"):
        cuda.compile_ptx(_compile_me, "void(float32[:])", cc=(10, 0, "x"))
    ptx2, _ = cuda.compile_ptx_for_current_device(_compile_me, "void(float32[:])")
    assert ".target sm_" in ptx2
    ptx3, restype = cuda.compile(_hyp, "float32(float32, float32)", device=True, abi="c")
    assert ".visible .func" in ptx3 and ".entry" not in ptx3 and restype is pyjit.float32
    with pytest.raises(NotImplementedError, match="output='ltoir'"):
        cuda.compile(_compile_me, "void(float32[:])", output="ltoir")
    assert cuda.is_supported_version() is True
    assert (cuda.cuda_error() is None) == cuda.is_available()


def test_runtime_version_is_the_toolkits():
    # The toolkit's own header says which CUDA it is (CUDA_VERSION 13000 = 13.0).
    import re
    header = open("/usr/local/cuda/include/cuda.h").read()
    v = int(re.search(r"#define CUDA_VERSION (\d+)", header).group(1))
    assert cuda.runtime.get_version() == (v // 1000, v % 1000 // 10)
    assert cuda.runtime.is_supported_version() is True


def _compile_me(a):
    a[0] = 1


@pytest.mark.skipif(cuda.is_available(), reason="with a GPU, the devices are the GPUs")
def test_the_cpu_backend_has_one_device_with_attributes():
    # As numba's simulator has a fake device: grid-sizing code runs.
    import os
    dev = cuda.get_current_device()
    assert dev.name == "pyjit CPU backend" and dev.id == 0
    assert dev.MULTIPROCESSOR_COUNT == (os.cpu_count() or 1)
    assert dev.MAX_THREADS_PER_BLOCK == 1024 and dev.WARP_SIZE == 32
    assert len(cuda.gpus) == 1 and cuda.gpus[0].name == dev.name
    assert cuda.select_device(0).name == dev.name
    with cuda.gpus[0] as g:
        assert g.id == 0
    # numba's entries wrap the device as `_device` (TorchBench reads
    # `gpu._device.uuid`)
    assert cuda.gpus[0]._device.uuid == dev.uuid
    with pytest.raises(IndexError):
        cuda.gpus[1]
    # numba's cuda.gpus is a list: slices too (numba-cuda's test_caching
    # loops `for gpu in cuda.gpus[1:]`).
    assert cuda.gpus[1:] == [] and [g.id for g in cuda.gpus[:1]] == [0]
    with pytest.raises(TypeError):
        cuda.gpus["0"]
    with pytest.raises(pyjit.CudaError, match="select_device\\(1\\): CUDA_ERROR_INVALID_DEVICE"):
        cuda.select_device(1)


def test_gpus_current_is_none_after_close_until_a_device_is_used():
    # numba's context stack is empty after cuda.close() (test_context_stack).
    cuda.close()
    assert cuda.gpus.current is None
    with cuda.gpus[0]:
        assert cuda.gpus.current.id == 0
    cuda.close()
    assert cuda.get_current_device().id == cuda.gpus.current.id


def test_events_without_timing_refuse_elapsed_time_and_inspect_types_prints(capsys):
    a, b = cuda.event(timing=False), cuda.event(timing=False)
    a.record()
    b.record()
    b.synchronize()
    with pytest.raises(RuntimeError, match="timing=True"):
        a.elapsed_time(b)
    # numba's CudaAPIError (CUDA_ERROR_INVALID_HANDLE), as the driver refuses them.
    with pytest.raises(pyjit.CudaError, match="cuEventElapsedTime.*INVALID_HANDLE") as info:
        cuda.event_elapsed_time(a, b)
    assert info.value.code == 400
    c, d = cuda.event(), cuda.event()
    d.record()
    d.synchronize()
    with pytest.raises(pyjit.CudaError) as info:  # c was never recorded
        c.elapsed_time(d)
    assert info.value.code == 400
    s = cuda.stream()
    a.wait(s)  # the stream waits for the event (no host wait)
    with pytest.raises(TypeError, match="stream must be"):
        a.wait("not a stream")
    for bad in ("x", 1.5, object()):  # record refuses them too (numba's TypeError)
        with pytest.raises(TypeError, match="stream must be"):
            a.record(bad)
    s.synchronize()

    @cuda.jit
    def k(x):
        x[0] = 1.5

    k[1, 1](np.zeros(1))
    k.inspect_types()
    text = capsys.readouterr().out
    # (numba's header: `k (array(float64, 1d, C),)`, the repr of its type tuple)
    assert "k (array(float64, 1d, C),)\n" in text and "const 1.5 : float64" in text

    @cuda.jit((pyjit.float32, pyjit.int32))
    def two(x, y):
        pass

    two.inspect_types()
    assert capsys.readouterr().out.startswith("two (float32, int32)\n")


def test_reshape_and_ravel_in_fortran_order():
    h = np.asfortranarray(np.arange(12.0).reshape(3, 4))
    d = cuda.to_device(h)
    np.testing.assert_array_equal(d.reshape((4, 3), order="F").copy_to_host(),
                                  h.reshape((4, 3), order="F"))
    np.testing.assert_array_equal(d.ravel(order="F").copy_to_host(), h.ravel(order="F"))
    np.testing.assert_array_equal(d.reshape(2, 6, order="A").copy_to_host(),
                                  h.reshape(2, 6, order="A"))
    with pytest.raises(NotImplementedError, match="in C order would copy it"):
        d.reshape(12)


def test_stream_callbacks_and_async_done():
    import asyncio
    import threading

    @cuda.jit
    def fill(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = i

    s = cuda.stream()
    d = cuda.device_array(64, np.int64)
    fill[1, 64, s](d)
    called = threading.Event()
    seen = []

    def callback(stream, status, arg):
        seen.append((stream is s, status, arg))
        called.set()

    s.add_callback(callback, "x")
    assert called.wait(10)
    assert seen == [(True, 0, "x")]

    async def main():
        fill[1, 64, s](d)
        return await s.async_done()

    assert asyncio.run(main()) is s
    np.testing.assert_array_equal(d.copy_to_host(), np.arange(64))


_PRICES = cuda.to_device(np.arange(8.0))
_TABLE = cuda.to_device(np.arange(12, dtype=np.int32).reshape(3, 4))


def test_global_device_arrays_are_read_and_written_in_place(jit):
    # numba-cuda: a kernel refers to a global device array by its address.
    @jit
    def k(o):
        i = cuda.grid(1)
        if i < _PRICES.size:
            o[i] = _PRICES[i] * 2 + _TABLE[i % 3, 1]
            _PRICES[i] += 1

    before = _PRICES.copy_to_host()
    o = np.zeros(8)
    if getattr(jit, "_jit", None) is not None and cuda.is_available():
        # The CPU backend's kernel with a GPU present: the array is GPU memory.
        with pytest.raises(TypeError, match="global device array '_PRICES' is in GPU memory"):
            k[1, 8](o)
        return
    k[1, 8](o)
    table = _TABLE.copy_to_host()
    np.testing.assert_array_equal(o, before * 2 + table[np.arange(8) % 3, 1])
    np.testing.assert_array_equal(_PRICES.copy_to_host(), before + 1)


class _ForeignArray:
    """numba.cuda.testing's ForeignArray: another library's object that only
    has the array's __cuda_array_interface__."""

    def __init__(self, arr):
        self._arr = arr
        self.__cuda_array_interface__ = arr.__cuda_array_interface__


_FOREIGN = _ForeignArray(cuda.to_device(np.array([1.5, 2.5, 3.5])))


def test_a_foreign_global_device_array_is_read_as_an_argument_would_be(jit):
    # numba-cuda's test_device_array_capture: the CPU backend read the same
    # interface as an argument but refused it as a global ("in GPU memory").
    @jit
    def k(o):
        i = cuda.grid(1)
        if i < 3:
            o[i] = _FOREIGN[i] * 2

    o = np.zeros(3)
    if getattr(jit, "_jit", None) is not None and cuda.is_available():
        with pytest.raises(TypeError, match="global device array '_FOREIGN' is in GPU memory"):
            k[1, 3](o)
        return
    k[1, 3](o)
    np.testing.assert_array_equal(o, [3.0, 5.0, 7.0])


_SCRATCH = None


def test_a_kernel_keeps_its_global_device_arrays_alive(jit):
    # The kernel holds the array's address (numba-cuda's semantics: a later
    # rebinding of the name is not seen). Rebinding the global used to free
    # the memory under the compiled kernel, whose next launch then wrote
    # into freed memory (a crash, or another array's data).
    import gc
    import weakref
    global _SCRATCH
    if getattr(jit, "_jit", None) is not None and cuda.is_available():
        pytest.skip("the CPU backend's kernel cannot take GPU memory as a global")
    _SCRATCH = cuda.to_device(np.zeros(1 << 20))  # 8 MiB: an allocation of its own

    @jit
    def fill(v):
        for i in range(cuda.grid(1), _SCRATCH.size, cuda.gridsize(1)):
            _SCRATCH[i] = v

    fill[256, 256](1.0)
    old = weakref.ref(_SCRATCH)
    _SCRATCH = None
    gc.collect()
    assert old() is not None, "the kernel must keep its global device array alive"
    fill[256, 256](2.0)  # writes the array the kernel was compiled with
    assert (old().copy_to_host() == 2.0).all()
    del fill
    gc.collect()
    assert old() is None  # and lets it go with the kernel


def test_jit_of_something_but_a_function_is_refused_at_decoration():
    import functools

    def body(o):
        o[0] = 1

    with pytest.raises(TypeError, match=r"cuda.jit takes a Python function \(a def or a "
                                        r"lambda\), not partial"):
        cuda.jit(functools.partial(body))
    with pytest.raises(TypeError, match=r"not _lru_cache_wrapper \(it wraps 'body': decorate "
                                        r"that function itself\)"):
        cuda.jit(device=True)(functools.lru_cache(body))
    with pytest.raises(TypeError, match="not builtin_function_or_method"):
        cuda.jit(len)
    with pytest.raises(TypeError, match=r"cuda.jit: expected a function, a signature .* got 5"):
        cuda.jit(5)
    # A kernel decorated twice is the kernel of its Python function.
    twice = cuda.jit(cuda.jit(body))
    o = np.zeros(1)
    twice[1, 1](o)
    assert o[0] == 1


def _call_through(f):
    import functools

    @functools.wraps(f)
    def wrapper(*args):
        return f(*args)
    return wrapper


def test_a_functools_wraps_wrapper_is_compiled_as_itself():
    # The wrapper's __name__ is the wrapped function's: pyjit looked for a
    # def of that name in the wrapper's source and failed with an empty
    # InternalError. Its own code is compiled: here a call of a plain
    # Python function, which is not a device function.
    @cuda.jit(device=True)
    @_call_through
    def add_one(x):
        return x + 1

    @cuda.jit
    def k(o):
        o[0] = add_one(6)

    with pytest.raises(pyjit.CompileError, match=r"global 'f' of type function \(a plain "
                                                 r"Python function"):
        k[1, 1](np.zeros(1))


def _fused(x, y, z):
    return x * y + z


def test_a_device_function_is_inspected_compiled_on_its_own():
    # numba-cuda's test_device_func / test_optimization: inspect_llvm and
    # inspect_asm of a device function for argument types; opt=False
    # contracts no a*b+c into fma (NVVM -opt=0).
    sig = (pyjit.float64, pyjit.float64, pyjit.float64)
    f = cuda.jit(sig, device=True)(_fused)
    ptx = f.inspect_asm(sig)
    assert ".func" in ptx and "_fused" in ptx and "fma.rn.f64" in ptx
    assert "define" in f.inspect_llvm(sig) and "_fused" in f.inspect_llvm(sig)
    assert "func @_fused(" in f.inspect_ir(sig)
    assert f.inspect_asm()[sig] == ptx  # the declared signatures, looked up by type objects
    assert list(f.inspect_asm()) == [("float64", "float64", "float64")]
    slow = cuda.jit(sig, device=True, opt=False)(_fused)
    noopt = slow.inspect_asm("float64(float64, float64, float64)")
    assert "fma.rn.f64" not in noopt and "mul.rn.f64" in noopt and "add.rn.f64" in noopt

    g = cuda.jit(device=True)(_fused)  # lazy: any argument types, given when asked
    assert "mad.lo.s64" in g.inspect_asm((pyjit.int32, pyjit.int64, pyjit.int64))
    with pytest.raises(pyjit.CompileError, match="a device function compiled on its own"):
        g.inspect_asm((pyjit.float32[::1], pyjit.float32, pyjit.float32))


def test_opt_false_kernels_contract_no_fma():
    @cuda.jit("void(float64[::1], float64, float64, float64)", opt=False)
    def k(out, x, y, z):
        out[0] = x * y + z

    @cuda.jit("void(float64[::1], float64, float64, float64)")
    def k3(out, x, y, z):
        out[0] = x * y + z

    assert "fma.rn.f64" not in k.inspect_asm(k.signatures[0])
    assert "fma.rn.f64" in k3.inspect_asm(k3.signatures[0])


def test_device_function_misuse_says_why():
    @cuda.jit(device=True)
    def f(x):
        return x + 1

    with pytest.raises(TypeError, match="device function 'f' cannot be launched as a kernel"):
        f[1, 1]
    with pytest.raises(RuntimeError):  # numba.cuda's exception type for it
        f[1, 1]
    with pytest.raises(RuntimeError, match="cannot inspect the SASS of device function 'f'"):
        f.inspect_sass()
    with pytest.raises(RuntimeError, match="cannot inspect the SASS CFG of device function 'f'"):
        f.inspect_sass_cfg()
    assert f.inspect_asm() == {}  # no declared signature: nothing compiled on its own
    with pytest.raises(pyjit.CompileError, match="parameter 'a': a device function compiled "
                                                 "on its own takes numbers, bools and pointers"):
        cuda.compile_ptx(_compile_me, "void(float32[:])", device=True)


def test_specialize_takes_type_objects_and_lists_specializations(jit):
    @jit
    def k(a, b):
        a[0] = b[0] + 1

    s = k.specialize(pyjit.float32[::1], pyjit.float32[::1])
    assert s.specialized and not k.specialized
    assert k.specializations == {("array(float32, 1d, C)", "array(float32, 1d, C)"): s}
    assert k.specialize(np.zeros(1, np.float32), np.zeros(1, np.float32)) is s
    a = np.zeros(1, np.float32)
    s[1, 1](a, np.array([2.0], np.float32))
    assert a[0] == 3.0


@pytest.mark.parametrize("like", ["device_array_like", "pinned_array_like", "mapped_array_like"])
def test_array_like_keeps_the_order_of_a_views_strides(like):
    # NumPy's empty_like (numba.cuda's *_array_like): contiguous strides in the
    # order of the model's, so a view of a Fortran array gets Fortran strides.
    f = np.zeros((10, 12), order="F")[::2, ::2]
    t = np.zeros((2, 3, 4)).transpose(1, 2, 0)  # shape (3, 4, 2), strides (32, 8, 96)
    cases = [(f, (8, 40)), (cuda.device_array((10, 12), order="F")[::2, ::2], (8, 40)),
             (t, (32, 8, 96)), (np.zeros((3, 5)), (40, 8)),
             (np.zeros((2, 3))[::-1], (24, 8))]  # a negative stride counts by its size
    for model, strides in cases:
        got = getattr(cuda, like)(model)
        assert got.shape == model.shape
        assert got.strides == strides, model.strides
        if isinstance(model, np.ndarray):
            assert strides == np.empty_like(model).strides  # NumPy's rule


@pytest.mark.parametrize("shape", [[1.9], (2.7, 3), (1.1, 2.2), 2.0, "3"])
def test_a_shape_that_is_not_ints_is_a_type_error(shape):
    # numba: TypeError; a float extent is never truncated.
    for make in (cuda.device_array, cuda.pinned_array, cuda.mapped_array):
        with pytest.raises(TypeError, match="shape must be an int or a sequence of ints"):
            make(shape)
    assert cuda.device_array((np.int32(2), 3)).shape == (2, 3)


def test_every_default_stream_synchronizes():
    for s in (cuda.default_stream(), cuda.legacy_default_stream(),
              cuda.per_thread_default_stream()):
        s.synchronize()  # on the CPU backend too (it raised "no CUDA driver")


def test_auto_device_copies_host_data_and_passes_device_arrays():
    d, copied = cuda.devicearray.auto_device(2)
    assert copied and d.copy_to_host() == np.array(2)
    a = np.arange(6.0).reshape(2, 3)
    d, copied = cuda.devicearray.auto_device(a)
    assert copied and (d.copy_to_host() == a).all()
    same, copied = cuda.devicearray.auto_device(d)
    assert same is d and not copied
    with pytest.raises(ValueError, match="not contiguous"):
        cuda.devicearray.auto_device(np.arange(10.0)[:-1:2])


def test_arrays_made_on_a_stream_keep_it():
    # numba.cuda: device_array(..., stream=s).stream is s (its copies go there).
    s = cuda.stream()
    d = cuda.device_array(4, stream=s)
    assert d.stream is s
    assert cuda.to_device(np.arange(3.0), stream=s).stream is s
    assert cuda.device_array_like(np.zeros(2), stream=s).stream is s
    assert cuda.device_array(2).stream == 0
    d.copy_to_device(np.arange(4.0))
    s.synchronize()
    assert d.copy_to_host().tolist() == [0.0, 1.0, 2.0, 3.0]


@cuda.jit(device=True)
def _hyp(a, b):
    if a < 0:
        return -1.0
    return math.sqrt(a * a + b * b)


def _log_nothing(x):
    y = x + 1.0  # noqa: F841


def test_compile_ptx_of_a_device_function_on_its_own():
    # numba.cuda.compile_ptx(device=True): a PTX .func, C ABI (the result
    # returned) or numba's (an int32 status, the result through a pointer).
    import re
    ptx, rt = cuda.compile_ptx(_hyp, "float32(float32, float32)", device=True, abi="c",
                               abi_info={"abi_name": "hyp_c"})
    assert rt == pyjit.float32  # declared: every return converts to it
    assert re.search(r"\.visible \.func\s+\(\.param \.b32 func_retval0\) hyp_c\(", ptx)
    assert ".entry" not in ptx
    ptx, rt = cuda.compile_ptx(_hyp, "(float64, float64)", device=True)
    assert rt == pyjit.float64  # inferred (the -1.0 is a float64)
    assert re.search(r"\.visible \.func\s+\(\.param \.b32 func_retval0\) _hyp\(\s*"
                     r"\.param \.b64 _hyp_param_0", ptx)  # the result pointer first
    # void/none declared: a function that returns nothing compiles, one that
    # returns a value is numba-cuda's error ("No conversion from float64 to none")
    ptx, rt = cuda.compile_ptx(_log_nothing, "void(float64)", device=True)
    assert rt == pyjit.void
    with pytest.raises(pyjit.CompileError, match=r"device function '_hyp' returns float64, but "
                                                 r"its signature declares none \(void\)"):
        cuda.compile_ptx(_hyp, "void(float64, float64)", device=True)
    with pytest.raises(NotImplementedError, match="Unsupported ABI: 'fortran' .abi must be 'c' or 'numba'"):  # numba's type
        cuda.compile_ptx(_hyp, "(float64, float64)", device=True, abi="fortran")
    for bad in ("bad name", "%r1", "1bad", "a.b"):  # (LLVM would abort on some)
        with pytest.raises(ValueError, match=r"abi_name'\] must be a C symbol"):
            cuda.compile_ptx(_hyp, "(float64, float64)", device=True, abi="c",
                             abi_info={"abi_name": bad})
    with pytest.raises(NotImplementedError, match="abi='c' is for device functions"):
        cuda.compile_ptx(_compile_me, "void(float32[:])", abi="c")
    ptxas = os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "bin", "ptxas")
    if os.path.exists(ptxas):  # it assembles (a .func alone: compile only)
        path = os.path.join(tempfile.mkdtemp(), "hyp.ptx")
        with open(path, "w") as f:
            f.write(ptx)
        done = subprocess.run([ptxas, "-arch=sm_90", "-c", path, "-o", path + ".o"],
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr


@pytest.mark.gpu
@pytest.mark.parametrize("abi", ["numba", "c"])
def test_a_device_function_compiled_on_its_own_links_back_through_declare_device(tmp_path, abi):
    # compile_ptx(device=True) and declare_device agree on either ABI (numba's
    # is what declare_device calls by default): the PTX links into a kernel.
    name = "hyp_" + abi
    ptx, _ = cuda.compile_ptx(_hyp, "float32(float32, float32)", device=True, abi=abi,
                              abi_info={"abi_name": name})
    path = tmp_path / (name + ".ptx")
    path.write_text(ptx)
    hyp = cuda.declare_device(name, "float32(float32, float32)", link=[str(path)], abi=abi)

    @cuda.jit
    def k(a, b, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = hyp(a[i], b[i])

    a = np.array([3.0, -1.0, 5.0], np.float32)
    b = np.array([4.0, 2.0, 12.0], np.float32)
    out = np.zeros(3, np.float32)
    k[1, 32](a, b, out)
    np.testing.assert_allclose(out, np.where(a < 0, -1.0, np.hypot(a, b)), rtol=1e-6)


def test_declare_device_abi_is_checked():
    with pytest.raises(ValueError, match="abi must be 'numba' or 'c'"):
        cuda.declare_device("f_x", "float32(float32)", abi="fortran")


def test_cuda_vectorize_and_guvectorize_default_to_the_gpu_target():
    # numba.cuda.vectorize / guvectorize (numba-cuda's own spelling)
    @cuda.vectorize(["float32(float32, float32)"])
    def add(a, b):
        return a + b

    np.testing.assert_array_equal(add(np.arange(3, dtype=np.float32), np.ones(3, np.float32)),
                                  np.arange(3) + 1.0)

    @cuda.guvectorize(["(f8, f8, f8[:])"], "(),()->()")  # no result type: void, as numba reads it
    def scaled(a, b, out):
        out[0] = a * b

    np.testing.assert_array_equal(scaled(np.arange(4.0), 2.0), np.arange(4.0) * 2.0)


def test_stream_handle_reads_as_numbas_ctypes_handle():
    # cupy.cuda.ExternalStream(s.handle.value) is the usual interop idiom
    assert cuda.external_stream(0x1234).handle.value == 0x1234
    assert int(cuda.external_stream(0x1234).handle) == 0x1234
    assert cuda.default_stream().handle.value is None
    s = cuda.stream()
    assert s.handle.value == (int(s.handle) or None)


def test_types_array_spells_array_types():
    from pyjit import types
    assert str(types.Array(types.float64, 2, "C")) == "float64[:, ::1]"
    assert str(types.Array(types.float32, 1, "A")) == "float32[:]"
    assert str(types.Array(types.int32, 3, "F")) == "int32[::1, :, :]"
    with pytest.raises(ValueError, match="layout must be 'C', 'F' or 'A'"):
        types.Array(types.float64, 2, "X")

    @cuda.jit(types.void(types.Array(types.float64, 2, "C")))
    def fill(a):
        i, j = cuda.grid(2)
        if i < a.shape[0] and j < a.shape[1]:
            a[i, j] = i * 10 + j

    a = np.zeros((3, 4))
    fill[1, (3, 4)](a)
    np.testing.assert_array_equal(a, np.arange(3)[:, None] * 10 + np.arange(4))


def test_device_ndarray_takes_numbas_argument_order():
    d = cuda.devicearray.DeviceNDArray((1, 10), (80, 8), np.float64)  # (shape, strides, dtype)
    assert (d.shape, d.strides, d.dtype) == ((1, 10), (80, 8), np.float64)
    d = cuda.devicearray.DeviceNDArray((2, 3), np.int32)  # pyjit's (shape, dtype)
    assert (d.shape, d.strides, d.dtype) == ((2, 3), (12, 4), np.int32)


def test_zero_size_array_interface_pointer_is_zero():
    # CAI v3: "For zero-size arrays, use 0 here"
    assert cuda.device_array(0).__cuda_array_interface__["data"] == (0, False)
    assert cuda.device_array((3, 0)).__cuda_array_interface__["data"][0] == 0
    assert cuda.device_array(2).__cuda_array_interface__["data"][0] != 0


def test_view_of_a_strided_array_with_the_same_item_size():
    host = np.arange(32, dtype=np.int16).reshape(4, 8)
    v = cuda.to_device(host)[:, ::2].view(np.uint16)  # numpy allows this for any strides
    want = host[:, ::2].view(np.uint16)
    assert (v.shape, v.strides, v.dtype) == (want.shape, want.strides, want.dtype)
    np.testing.assert_array_equal(v.copy_to_host(), want)
    with pytest.raises(ValueError, match="needs the last dimension contiguous"):
        cuda.to_device(host)[:, ::2].view(np.uint8)


def test_device_ndarray_with_strides_allocates_what_they_reach():
    # numba: memory_size_from_info(shape, strides, itemsize)
    d = cuda.devicearray.DeviceNDArray((1000,), (4000,), np.float32)
    assert d.nbytes == 4000 and d.alloc_size >= 999 * 4000 + 4
    d.copy_to_device(np.arange(1000, dtype=np.float32))
    np.testing.assert_array_equal(d.copy_to_host(), np.arange(1000))
    d = cuda.devicearray.DeviceNDArray(5, 8, np.float64)  # int shape and strides
    assert (d.shape, d.strides) == ((5,), (8,))
    with pytest.raises(ValueError, match="one stride per dimension"):
        cuda.devicearray.DeviceNDArray((3, 4), (8,), np.float64)


def test_from_array_like_makes_an_array_of_the_same_layout():
    host = np.zeros((3, 4), np.float32, order="F")
    d = cuda.cudadrv.devicearray.from_array_like(host)
    assert (d.shape, d.strides, d.dtype) == (host.shape, host.strides, host.dtype)
    d.copy_to_device(np.asfortranarray(np.arange(12, dtype=np.float32).reshape(3, 4)))
    np.testing.assert_array_equal(d.copy_to_host(), np.arange(12).reshape(3, 4))


@pytest.mark.parametrize("rows, cols, dtype", [(5, 6, np.float64), (128, 128, np.complex128),
                                               (1025, 512, np.float64), (33, 70, np.bool_)])
def test_kernels_transpose(rows, cols, dtype):
    # numba.cuda.kernels.transpose.transpose: into a given array, or a new one
    from pyjit.cuda.kernels.transpose import transpose
    x = (np.arange(rows * cols) % 7).astype(dtype).reshape(cols, rows)
    y = np.zeros((rows, cols), dtype=dtype)
    dx = cuda.to_device(x)
    dy = cuda.cudadrv.devicearray.from_array_like(y)
    assert transpose(dx, dy) is dy
    np.testing.assert_array_equal(dy.copy_to_host(), x.T)
    np.testing.assert_array_equal(transpose(dx).copy_to_host(), x.T)
    with pytest.raises(ValueError, match="the output must have shape"):
        transpose(dx, cuda.device_array((rows + 1, cols), dtype=dtype))


def test_an_overload_inspects_its_ptx_for_a_compute_capability():
    # numba-cuda's test_lineinfo: kernel.overloads[sig].inspect_asm(cc).
    @cuda.jit("void(int32[::1])")
    def setz(a):
        a[0] = 0

    overload = setz.overloads[setz.signatures[0]]
    assert ".target sm_80" in overload.inspect_asm((8, 0))
    assert ".entry" in overload.inspect_asm() and "setz" in overload.inspect_asm()


def test_compute_capabilities_pyjit_has_no_target_for_are_value_errors():
    with pytest.raises(ValueError, match=r"cc \(5, 0\): pyjit compiles for sm_70, "):
        cuda.compile_ptx(_compile_me, "void(float32[:])", cc=(5, 0))
    with pytest.raises(ValueError, match="cc must be a tuple"):
        cuda.compile_ptx(_compile_me, "void(float32[:])", cc="sm_90")


def test_numba_cuda_module_names_programs_import():
    # numba-cuda's numba.cuda: every numba.cuda.types name (test_blackscholes
    # does `from numba.cuda import config, double, void`), config, api,
    # compiler and require_context.
    import importlib
    from pyjit.cuda import double, f4, i8, void, NoneType  # noqa: F401
    assert double == pyjit.float64 and f4 == pyjit.float32 and i8 == pyjit.int64
    assert isinstance(void, NoneType) and isinstance(pyjit.types.none, NoneType)
    # Every public type of pyjit.types; numba.cuda.bool (= bool_) as an
    # attribute, while the module's own bool stays Python's.
    assert not [n for n in dir(pyjit.types) if not n.startswith("_") and
                isinstance(getattr(pyjit.types, n), pyjit.types.Type) and not hasattr(cuda, n)]
    from pyjit.cuda import bfloat16, bool as cuda_bool
    assert bfloat16 is pyjit.types.bfloat16 and cuda_bool is pyjit.types.bool_
    assert "bool" not in cuda.__all__ and cuda.event(timing=1).timing is True
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        cuda.no_such_name
    assert cuda.config.ENABLE_CUDASIM == 0
    assert cuda.api.external_stream is cuda.external_stream
    assert importlib.import_module("pyjit.cuda.compiler").compile_ptx is cuda.compile_ptx
    assert importlib.import_module("pyjit.cuda.config") is cuda.config

    calls = []

    @cuda.require_context
    def body(x):
        calls.append(x)
        return x + 1

    assert body(1) == 2 and calls == [1] and body.__name__ == "body"


def test_config_turns_the_implicit_copy_warning_off(jit):
    import warnings

    @jit
    def k(a):
        a[0] = 1.0

    old = cuda.config.CUDA_WARN_ON_IMPLICIT_COPY
    cuda.config.CUDA_WARN_ON_IMPLICIT_COPY = 0
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", pyjit.errors.PerformanceWarning)
            k[1, 1](np.zeros(1))
    finally:
        cuda.config.CUDA_WARN_ON_IMPLICIT_COPY = old


def test_config_disable_performance_warnings_silences_them_all(jit, monkeypatch):
    # numba's DISABLE_PERFORMANCE_WARNINGS (numba-cuda's test_array_reductions
    # saves and restores it): no PerformanceWarning from a host-array copy
    # or from float64 arithmetic in a float32 kernel.
    import warnings

    @jit
    def k(a, n):
        a[0] = a[0] * n  # float32 * int64: float64

    assert cuda.config.DISABLE_PERFORMANCE_WARNINGS == 0
    a = np.ones(1, np.float32)
    with pytest.warns(pyjit.PerformanceWarning, match="float64 arithmetic"):
        k[1, 1](a, 3)
    monkeypatch.setattr(cuda.config, "DISABLE_PERFORMANCE_WARNINGS", 1)

    @jit
    def k2(a, n):
        a[0] = a[0] * n

    with warnings.catch_warnings():
        warnings.simplefilter("error", pyjit.PerformanceWarning)
        k2[1, 1](a, 2)  # (on a GPU also the host-array copy's warning)
        cuda.compile_ptx(k2.py_func, "void(float32[:], int64)")  # compile_ptx's too
    assert a[0] == 6.0


def test_low_occupancy_warning_as_numba_gives_it(jit):
    # numba.cuda warns when a kernel is configured with fewer than 128 blocks
    # (CUDA_LOW_OCCUPANCY_WARNINGS, on by default; the tests turn it off in
    # conftest.py as numba's CUDATestCase does). Its simulator does not warn,
    # nor does pyjit's CPU backend.
    import warnings

    @jit
    def k(a):
        a[0] = 1.0

    a = cuda.device_array(1, np.float64)
    old = cuda.config.CUDA_LOW_OCCUPANCY_WARNINGS
    cuda.config.CUDA_LOW_OCCUPANCY_WARNINGS = 1
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            k[(3, 2, 1), 32](a); line = inspect.currentframe().f_lineno  # noqa: E702
            k[(8, 16), 1](a)   # 128 blocks: enough
            k[(1, 128), 1](a)
        grid = [w for w in caught if "Grid size" in str(w.message)]
        if k.target == "cpu":
            assert not grid
        else:
            assert len(grid) == 1, [str(w.message) for w in grid]
            assert issubclass(grid[0].category, pyjit.errors.PerformanceWarning)
            assert str(grid[0].message).startswith(
                "Grid size 6 will likely result in GPU under-utilization due to low occupancy")
            assert "kernel 'k'" in str(grid[0].message)
            assert grid[0].filename == __file__ and grid[0].lineno == line
        cuda.config.CUDA_LOW_OCCUPANCY_WARNINGS = 0
        with warnings.catch_warnings():
            warnings.simplefilter("error", pyjit.errors.PerformanceWarning)
            k[2, 1](a)
    finally:
        cuda.config.CUDA_LOW_OCCUPANCY_WARNINGS = old
    assert a.copy_to_host()[0] == 1.0


def test_mapped_and_managed_arrays_have_the_array_interface_on_every_backend():
    # numba-cuda's test_cuda_array_interface: mapped and managed arrays are
    # device memory too (on the CPU backend its own, which is the host's);
    # pinned arrays are plain host arrays.
    @cuda.jit
    def inc(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] += 1

    for make in (cuda.mapped_array, cuda.managed_array):
        a = make(8, np.float32)
        a[:] = np.arange(8)
        face = a.__cuda_array_interface__
        assert face["shape"] == (8,) and face["typestr"] == "<f4"
        d = cuda.as_cuda_array(a)     # zero-copy: the same memory
        inc[1, 8](d)
        cuda.synchronize()
        np.testing.assert_array_equal(a, np.arange(8) + 1)
        inc[1, 8](a)                  # launched as it is
        cuda.synchronize()
        np.testing.assert_array_equal(d.copy_to_host(), np.arange(8) + 2)
    assert not hasattr(cuda.pinned_array(4), "__cuda_array_interface__")


def test_host_arrays_with_strides_get_the_bytes_their_strides_span():
    # A padded row stride: the allocation holds every element (it held
    # shape * itemsize bytes, 32 here, where the elements span 64 + 8 + 8).
    for make in (cuda.pinned_array, cuda.mapped_array, cuda.managed_array):
        p = make((2, 2), np.float64, strides=(64, 8))
        p[:] = [[1.0, 2.0], [3.0, 4.0]]
        assert p.sum() == 10.0 and p.strides == (64, 8)
        base = p  # the memory under the views: an array or the allocation
        while isinstance(base, np.ndarray) and base.base is not None:
            base = base.base
        assert base.nbytes >= 80
    with pytest.raises(ValueError, match="do not fit shape"):
        cuda.pinned_array((2, 2), np.float64, strides=(8,))


def test_numbas_dispatcher_methods_configure_disable_compile_typeof_pyval(jit):
    @jit(cache=False)
    def k(a):
        a[0] = 7

    a = cuda.to_device(np.zeros(2, np.int64))
    k.configure(1, 1)(a)                       # numba's kernel.configure(grid, block)
    assert a.copy_to_host()[0] == 7
    assert str(k.typeof_pyval(a)) == "array(int64, 1d, C)"
    k.disable_compile()
    k[1, 1](a)                                 # compiled already: launches
    with pytest.raises(TypeError, match=r"No matching definition for argument type\(s\) "
                                        r"array\(float32, 1d, C\)"):
        k[1, 1](cuda.to_device(np.zeros(2, np.float32)))
    k.disable_compile(False)
    f = cuda.to_device(np.zeros(2, np.float32))
    k[1, 1](f)
    assert f.copy_to_host()[0] == 7
    k.enable_caching()
    assert k.options["cache"] is True


def test_disable_compile_runs_the_overload_scalars_convert_to(jit):
    # numba's dispatcher with compiling disabled resolves with conversions,
    # unsafe ones too (_dispatcher.cpp: exact_match_required is False for
    # CUDA): code warmed up on a float64 and frozen runs for a Python int,
    # a float32, an int8 or a bool. pyjit raised TypeError for each.
    @jit(cache=False)
    def add(out, v):
        out[0] += v

    out = cuda.to_device(np.zeros(1))
    add[1, 1](out, 1.5)
    add.disable_compile()
    for v in (2, np.float32(0.5), np.int8(1), True):
        add[1, 1](out, v)
    assert out.copy_to_host()[0] == 1.5 + 2 + 0.5 + 1 + 1
    assert len(add.overloads) == 1  # nothing compiled
    with pytest.raises(TypeError, match="No matching definition"):
        add[1, 1](cuda.to_device(np.zeros(1, np.int32)), 1)  # arrays do not convert
    add.disable_compile(False)  # compiles for the types given again
    add[1, 1](out, 2)
    assert len(add.overloads) == 2 and out.copy_to_host()[0] == 8.0


def test_an_overload_inspects_its_llvm_and_the_driver_module_has_stream_and_event(jit):
    # numba: kernel.overloads[sig].inspect_llvm() (test_array_alignment), and
    # numba.cuda.cudadrv.driver.Stream / Event (patched by numba's tests).
    from pyjit.cuda.cudadrv import driver

    @jit
    def k(a):
        a[0] = 1

    k[1, 1](cuda.to_device(np.zeros(1)))
    (overload,) = set(k.overloads.values())
    assert "define" in overload.inspect_llvm()
    assert overload.inspect_llvm() == k.inspect_llvm(k.signatures[0])
    assert driver.Stream is cuda.Stream and driver.Event is cuda.Event


def test_compile_ptx_of_what_is_not_a_python_function_is_a_type_error():
    for not_a_function in (len, 3, "saxpy"):
        with pytest.raises(TypeError, match="compiles a Python function .* not %s"
                                            % re.escape(repr(not_a_function))):
            cuda.compile_ptx(not_a_function, "void(int64)")


def test_compile_ptx_of_a_device_function_declaring_a_tuple_result_says_why_not():
    # (the return type's own parentheses were read as the arguments')
    def pair(n):
        return (n, n)

    with pytest.raises(pyjit.CompileError, match=r"device function 'pair' declares the result "
                                                 r"Tuple\(int64, int64\): compiled on its own "
                                                 r"it returns a number, a bool or None"):
        cuda.compile_ptx(pair, "UniTuple(int64, 2)(int64)", device=True)
