"""The numba.cuda host API: arrays (pinned, mapped, orders, views, DLPack),
devices, streams, inspection and resource usage, specialisation, device
faults. Expected values are numpy's or stated by hand."""
import os
import re
import subprocess
import sys
import textwrap
import threading
import warnings

import numpy as np
import pytest

import pyjit
from pyjit import cuda


def make_scale(jit):
    @jit
    def scale(x, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = 2 * x[i]
    return scale


# -- arrays ----------------------------------------------------------------------

def test_pinned_array_round_trip_on_a_stream(jit):
    h = cuda.pinned_array((4, 5), dtype=np.float32)
    assert h.shape == (4, 5) and h.dtype == np.float32 and h.flags.c_contiguous
    h[...] = np.arange(20, dtype=np.float32).reshape(4, 5)
    s = cuda.stream()
    d = cuda.to_device(h, stream=s)
    back = cuda.pinned_array((4, 5), dtype=np.float32)
    d.copy_to_host(back, stream=s)
    s.synchronize()
    np.testing.assert_array_equal(back, h)


def test_mapped_array_is_written_by_a_kernel_in_place(jit):
    scale = make_scale(jit)
    x = cuda.mapped_array(64, dtype=np.float64)
    out = cuda.mapped_array(64, dtype=np.float64)
    x[:] = np.arange(64)
    out[:] = 0
    scale[1, 64](x, out)
    cuda.synchronize()
    np.testing.assert_array_equal(out, 2 * np.arange(64))


@pytest.mark.parametrize("make", [cuda.mapped_array, cuda.managed_array])
def test_to_device_of_mapped_or_managed_memory_is_that_memory(jit, make):
    # numba's auto_device returns device memory as it is (a MappedNDArray is
    # one): a kernel given to_device(m) writes m; copying would lose it.
    scale = make_scale(jit)
    m = make(8)
    m[:] = np.arange(8.0)
    assert cuda.to_device(m) is m and cuda.devicearray.auto_device(m) == (m, False)
    out = make(8)
    out[:] = 0
    scale[1, 8](cuda.to_device(m), cuda.to_device(out))
    cuda.synchronize()
    np.testing.assert_array_equal(out, 2 * np.arange(8.0))
    # A copy made by arithmetic lives in ordinary host memory: copied.
    doubled = m * 2
    assert not cuda.devicearray.is_cuda_ndarray(doubled)
    np.testing.assert_array_equal(cuda.to_device(doubled).copy_to_host(), 2 * np.arange(8.0))


@pytest.mark.parametrize("make", [cuda.mapped_array, cuda.managed_array])
def test_mapped_and_managed_arrays_are_device_arrays(jit, make):
    # numba's MappedNDArray / ManagedNDArray are DeviceNDArrayBase subclasses.
    m = make(6, dtype=np.int32)
    m[:] = np.arange(6)
    assert cuda.devicearray.is_cuda_ndarray(m)
    assert isinstance(m, (cuda.devicearray.MappedNDArray, cuda.devicearray.ManagedNDArray))
    host = m.copy_to_host()
    assert type(host) is np.ndarray and host.tolist() == list(range(6))
    m.copy_to_device(np.arange(6, 12, dtype=np.int32))
    cuda.synchronize()
    assert m.tolist() == list(range(6, 12))
    assert [p.copy_to_host().tolist() for p in m.split(4)] == [[6, 7, 8, 9], [10, 11]]
    assert m.device_ctypes_pointer.value == m.__cuda_array_interface__["data"][0]
    s = cuda.stream()
    bound = m.bind(s)
    assert bound.stream is s and bound[1:].stream is s and m.stream == 0
    # Made with a stream, it is bound to it from the start (numba's
    # device_setup(..., stream=stream)), and so are its views.
    made = make(4, dtype=np.int32, stream=s)
    assert made.stream is s and made[1:].stream is s
    assert make is not cuda.mapped_array or \
        cuda.mapped_array_like(np.zeros(3), stream=s).stream is s
    with cuda.mapped(np.zeros(3), stream=s) as view:
        assert view.stream is s

    # A CUDA ufunc takes it as device memory, in place, and gives a device
    # array (numba: is_device_array(m)).
    @pyjit.vectorize(["int32(int32)"], target="cuda")
    def inc(x):
        return x + 1

    r = inc(m)
    assert isinstance(r, cuda.devicearray.DeviceNDArray)
    assert r.copy_to_host().tolist() == list(range(7, 13))


def test_to_device_of_a_cuda_array_interface_object_is_a_view(jit):
    # numba's auto_device: from_cuda_array_interface(obj), no copy (a CuPy
    # array or torch tensor refuses np.asarray).
    base = cuda.to_device(np.arange(4.0))

    class Producer:
        def __init__(self, a):
            self.a = a

        def __array__(self, *args, **kwargs):
            raise TypeError("Implicit conversion to a NumPy array is not allowed")

        @property
        def __cuda_array_interface__(self):
            return self.a.__cuda_array_interface__

    view = cuda.to_device(Producer(base))
    assert view.device_ctypes_pointer.value == base.device_ctypes_pointer.value
    view[0] = 7.0
    assert base.copy_to_host().tolist() == [7.0, 1.0, 2.0, 3.0]


INDICES = [0, -1, (1, 2), (slice(None), 1), (slice(None, None, -1), slice(1, 4, 2)),
           (Ellipsis, 1), (1, Ellipsis), (None, slice(None), 0), (slice(1, 3), None, Ellipsis),
           (Ellipsis,), (slice(None), slice(None), slice(None, None, 2))]


@pytest.mark.parametrize("index", INDICES, ids=[repr(i) for i in INDICES])
def test_device_array_indexing_matches_numpy(index):
    host = np.arange(2 * 3 * 5, dtype=np.int32).reshape(2, 3, 5)
    d = cuda.to_device(host)
    expect = host[index]
    got = d[index]
    if np.ndim(expect) == 0:  # every dimension indexed: the element, as numba.cuda
        assert type(got) is np.int32 and got == expect
    else:
        assert got.shape == expect.shape
        np.testing.assert_array_equal(got.copy_to_host(), expect)


@pytest.mark.parametrize("index", INDICES[1:], ids=[repr(i) for i in INDICES[1:]])
def test_device_array_setitem_matches_numpy(index):
    host = np.arange(2 * 3 * 5, dtype=np.float64).reshape(2, 3, 5)
    d = cuda.to_device(host)
    target = host[index]
    values = -1.5 - np.arange(np.size(target)).reshape(np.shape(target))
    d[index] = values  # strided views: the values are put in place by a kernel
    host[index] = values
    np.testing.assert_array_equal(d.copy_to_host(), host)
    d[index] = 7  # a scalar, broadcast
    host[index] = 7
    np.testing.assert_array_equal(d.copy_to_host(), host)


def test_device_array_setitem_broadcasts_converts_and_takes_device_arrays():
    d = cuda.to_device(np.zeros((3, 4), dtype=np.float32))
    d[:, ::2] = np.array([1, 2])  # int64 row broadcast over a strided view
    src = cuda.to_device(np.arange(3, dtype=np.float64))
    d[:, 1] = src  # a float64 device array into a float32 column
    d.setitem(2, 9.5, stream=cuda.stream())
    cuda.synchronize()
    expect = np.zeros((3, 4), dtype=np.float32)
    expect[:, ::2] = [1, 2]
    expect[:, 1] = np.arange(3)
    expect[2] = 9.5
    np.testing.assert_array_equal(d.copy_to_host(), expect)
    with pytest.raises(ValueError, match="shape"):
        d[:, 1] = cuda.to_device(np.zeros(4))
    with pytest.raises(ValueError):
        d[0] = np.zeros(5)  # does not broadcast to (4,)
    with pytest.raises(TypeError, match="not a boolean"):
        d[True]
    with pytest.raises(IndexError, match="single ellipsis"):
        d[..., ...]
    with pytest.raises(IndexError, match="too many indices"):
        d[0, 0, 0]


def test_device_array_setitem_of_one_element_and_numpy_conversion_rules():
    d = cuda.to_device(np.zeros((2, 3), dtype=np.int8))
    d.setitem(key=(1, 2), value=4)  # numba's parameter names
    assert d.getitem(item=(1, 2)) == 4
    d[1, 2] = 5
    d[0][1] = 7  # through a row view
    d[..., 0] = np.ones((1, 2))  # leading extent-1 dimensions dropped, as numpy
    np.testing.assert_array_equal(d.copy_to_host(), [[1, 7, 0], [1, 0, 5]])
    with pytest.raises(OverflowError):
        d[0, 0] = 300  # numpy refuses an out-of-range Python int
    with pytest.raises(OverflowError):
        d[0] = 300
    with pytest.raises(ValueError):
        cuda.to_device(np.zeros(3, np.int32))[:] = np.nan
    with pytest.raises(TypeError, match="complex"):
        cuda.to_device(np.zeros(3, np.float32))[:] = cuda.to_device(np.ones(3, np.complex64))
    np.testing.assert_array_equal(d.copy_to_host(), [[1, 7, 0], [1, 0, 5]])


@pytest.mark.parametrize("dst, src", [((slice(1, None),), (slice(None, -1),)),
                                      ((slice(None, -1),), (slice(1, None),)),
                                      ((slice(None, None, -1),), (slice(None),)),
                                      ((slice(1, None), slice(None, None, 2)),
                                       (slice(None, -1), slice(None, None, 2)))])
def test_device_array_setitem_from_an_overlapping_view_reads_before_writing(dst, src):
    host = np.arange(24, dtype=np.float32).reshape(4, 6)
    d = cuda.to_device(host)
    d[dst] = d[src]
    host[dst] = host[src].copy()
    np.testing.assert_array_equal(d.copy_to_host(), host)


def test_device_array_new_axis_view_is_contiguous():
    d = cuda.to_device(np.arange(4, dtype=np.float32))
    assert d[None].is_c_contiguous() and d[:, None].is_c_contiguous()
    np.testing.assert_array_equal(d[None].ravel().copy_to_host(), np.arange(4))
    assert cuda.to_device(np.zeros((3, 4)))[::-1, 0:0].is_c_contiguous()  # no elements


def test_a_step_past_the_array_gives_one_element_as_numpy():
    # The byte stride step * itemsize overflows int64; NumPy wraps it (only a
    # one-element view can have such a step): it was a bare struct.error.
    h = np.arange(10)
    d = cuda.to_device(h)
    for step in (2 ** 59, 2 ** 60, 2 ** 62, -2 ** 62, 2 ** 63, -2 ** 63, 2 ** 64 + 1, -2 ** 64):
        view = d[::step]
        np.testing.assert_array_equal(view.copy_to_host(), h[::step])
        assert view.strides == h[::step].strides


def test_lazy_views_are_refused_by_as_cuda_array_and_setitem():
    base = cuda.to_device(np.arange(4, dtype=np.float32))

    class NegativeView:  # what a torch tensor with the negative bit looks like
        __cuda_array_interface__ = base.__cuda_array_interface__

        def is_neg(self):
            return True

    with pytest.raises(TypeError, match="negative view.*resolve_neg"):
        cuda.as_cuda_array(NegativeView())
    d = cuda.device_array(4, np.float32)
    with pytest.raises(TypeError, match="negative view"):
        d[:] = NegativeView()


def test_one_signature_string_makes_a_specialized_kernel(jit):
    @jit("void(float32[::1])")
    def one(x):
        x[0] = 1

    @jit(["void(float32[::1])"])
    def listed(x):
        x[0] = 1

    assert one.specialized and not listed.specialized  # numba.cuda's rule
    with pytest.raises(RuntimeError, match="already specialized"):
        one.specialize(np.zeros(1, np.float32))
    x = np.zeros(2, np.float32)
    assert listed.specialize(x) is listed.specialize(x)  # specializations are kept


def test_copy_to_device_into_a_strided_view_leaves_the_gaps():
    d = cuda.to_device(np.arange(12.0).reshape(3, 4))
    view = d[::-1, 1::2]
    view.copy_to_device(np.array([[10.0, 11.0], [12.0, 13.0], [14.0, 15.0]]))
    expect = np.arange(12.0).reshape(3, 4)
    expect[::-1, 1::2] = [[10, 11], [12, 13], [14, 15]]
    np.testing.assert_array_equal(d.copy_to_host(), expect)
    other = cuda.to_device(np.full((3, 2), -2.0))
    d[:, ::2].copy_to_device(other)  # device to device, into a view
    expect[:, ::2] = -2
    np.testing.assert_array_equal(d.copy_to_host(), expect)


def test_device_array_asarray_and_split():
    d = cuda.to_device(np.arange(10, dtype=np.int16))
    np.testing.assert_array_equal(np.asarray(d), np.arange(10, dtype=np.int16))
    assert np.asarray(d, dtype=np.float64).dtype == np.float64
    assert next(d.split(4)).shape == (4,)  # numba's split is a generator
    parts = list(d.split(4))
    assert [p.shape for p in parts] == [(4,), (4,), (2,)]
    np.testing.assert_array_equal(parts[2].copy_to_host(), [8, 9])
    s = cuda.stream()
    assert all(p.stream is s for p in d.split(4, stream=s))
    assert all(p.stream is s for p in d.bind(s).split(3))
    with pytest.raises(ValueError, match="1-d"):
        cuda.to_device(np.zeros((2, 2))).split(1)


def test_views_keep_the_bound_stream_and_ravel_squeeze_take_one():
    # numba: getitem, view(dtype), ravel() and squeeze() keep bind()'s
    # stream; ravel(stream=s) and squeeze(stream=s) give s.
    s, t = cuda.stream(), cuda.stream()
    d = cuda.to_device(np.zeros((1, 6))).bind(s)
    for view in (d[0], d.view(np.int64), d.ravel(), d.squeeze(), d.reshape(2, 3), d.T):
        assert view.stream is s
    assert d.ravel(stream=t).stream is t and d.squeeze(stream=t).stream is t
    assert d.getitem(0, stream=t).stream is t and d.getitem(0).stream is s  # numba's getitem
    assert cuda.to_device(np.zeros(3)).stream == 0


def test_stream_int_repr_and_protocols():
    assert type(int(cuda.legacy_default_stream())) is int  # (an int subclass is deprecated)
    assert int(cuda.per_thread_default_stream()) == 2
    assert repr(cuda.default_stream()) == "<Default CUDA stream>"
    assert repr(cuda.legacy_default_stream()) == "<Legacy default CUDA stream>"
    assert repr(cuda.per_thread_default_stream()) == "<Per-thread default CUDA stream>"
    from pyjit._devicearray import host_memory
    if host_memory():  # a new stream's handle is 0 there: it said "<Default CUDA stream>"
        assert repr(cuda.stream()) == "<CUDA stream on the CPU backend (launches finish in order)>"
    else:
        assert re.fullmatch(r"<CUDA stream \d+>", repr(cuda.stream()))
    ext = cuda.external_stream(0x1234)
    assert ext.external and not cuda.default_stream().external
    assert repr(ext) == "<External CUDA stream %d>" % 0x1234
    assert ext.__cuda_stream__() == (0, 0x1234)  # cuda.core's protocol: (version, handle)
    assert int(cuda.external_stream(np.uint64(0x10))) == 0x10
    for bad, error in ((1.5, TypeError), (True, TypeError), ("1", TypeError), (-1, ValueError),
                       (2 ** 64, ValueError)):
        with pytest.raises(error, match="ptr for external stream"):
            cuda.external_stream(bad)  # numba: TypeError for a non-int


def test_device_array_orders_and_like(jit):
    f = cuda.device_array((3, 4), dtype=np.int32, order="F")
    assert f.strides == (4, 12) and f.is_f_contiguous() and not f.is_c_contiguous()
    like = cuda.device_array_like(np.asfortranarray(np.zeros((2, 3))))
    assert like.is_f_contiguous() and like.shape == (2, 3)
    host = np.asfortranarray(np.arange(12, dtype=np.int32).reshape(3, 4))
    d = cuda.to_device(host)
    np.testing.assert_array_equal(d.copy_to_host(), host)
    with pytest.raises(ValueError, match="order must be"):
        cuda.device_array(4, order="K")


def test_reshape_ravel_and_device_to_device_copy(jit):
    d = cuda.to_device(np.arange(12, dtype=np.float32))
    m = d.reshape(3, 4)
    assert m.shape == (3, 4)
    np.testing.assert_array_equal(m.copy_to_host(), np.arange(12, dtype=np.float32).reshape(3, 4))
    np.testing.assert_array_equal(m.reshape(-1, 6).copy_to_host().shape, (2, 6))
    np.testing.assert_array_equal(m.ravel().copy_to_host(), np.arange(12, dtype=np.float32))
    with pytest.raises(ValueError, match="cannot reshape"):
        d.reshape(5, 3)
    e = cuda.device_array(12, np.float32)
    e.copy_to_device(d)
    np.testing.assert_array_equal(e.copy_to_host(), np.arange(12, dtype=np.float32))


def test_host_array_copy_warns_once_per_kernel(jit):
    scale = make_scale(jit)
    x = np.arange(8, dtype=np.float32)
    out = np.zeros_like(x)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        scale[1, 8](x, out)
        scale[1, 8](x, out)
    perf = [w for w in caught if issubclass(w.category, pyjit.PerformanceWarning)]
    if scale.target == "cpu":
        assert not perf  # the CPU backend uses numpy arrays in place
    else:
        assert len(perf) == 1 and "copied to the device and back" in str(perf[0].message)
        assert perf[0].filename == __file__
    np.testing.assert_array_equal(out, 2 * x)


# -- DLPack ------------------------------------------------------------------------

def test_dlpack_export_to_numpy_on_the_cpu_backend():
    if cuda.is_available():
        pytest.skip("device arrays are in GPU memory here; see the GPU DLPack tests")
    d = cuda.to_device(np.arange(6, dtype=np.int16).reshape(2, 3))
    assert d.__dlpack_device__() == (1, 0)
    view = np.from_dlpack(d)
    np.testing.assert_array_equal(view, np.arange(6, dtype=np.int16).reshape(2, 3))
    back = cuda.from_dlpack(np.arange(4, dtype=np.float32))
    np.testing.assert_array_equal(back.copy_to_host(), np.arange(4, dtype=np.float32))


@pytest.mark.gpu
def test_array_interface_names_the_bound_stream():
    # A consumer orders after the stream the array's work goes to: the
    # bound one (numba reports int(stream)), else the legacy default (1).
    s = cuda.stream()
    d = cuda.to_device(np.zeros(4))
    assert d.__cuda_array_interface__["stream"] == 1
    bound = d.bind(s)
    assert bound.__cuda_array_interface__["stream"] == int(s) != 0
    assert bound[1:].__cuda_array_interface__["stream"] == int(s)
    assert d.bind(cuda.default_stream()).__cuda_array_interface__["stream"] == 1


@pytest.mark.gpu
def test_dlpack_export_to_torch_and_cupy_zero_copy():
    torch = pytest.importorskip("torch")
    d = cuda.to_device(np.arange(12, dtype=np.float32).reshape(3, 4))
    assert d.__dlpack_device__()[0] == 2
    t = torch.from_dlpack(d)
    assert t.data_ptr() == d.device_ctypes_pointer.value and t.shape == (3, 4)
    t += 1  # writes through to pyjit's memory
    torch.cuda.synchronize()
    np.testing.assert_array_equal(d.copy_to_host(),
                                  np.arange(12, dtype=np.float32).reshape(3, 4) + 1)
    strided = d[:, ::2]
    t2 = torch.from_dlpack(strided)
    assert t2.stride() == (4, 2)  # elements
    np.testing.assert_array_equal(t2.cpu().numpy(), d.copy_to_host()[:, ::2])


@pytest.mark.gpu
def test_dlpack_import_from_torch_into_a_kernel():
    torch = pytest.importorskip("torch")
    scale = make_scale(cuda.jit)
    t = torch.arange(10, dtype=torch.float64, device="cuda")
    d = cuda.from_dlpack(t)
    assert d.device_ctypes_pointer.value == t.data_ptr() and d.shape == (10,)
    out = cuda.device_array(10, np.float64)
    scale[1, 16](d, out)
    np.testing.assert_array_equal(out.copy_to_host(), 2 * np.arange(10))


@pytest.mark.gpu
def test_dlpack_only_producer_is_accepted_by_a_kernel():
    torch = pytest.importorskip("torch")

    class OnlyDLPack:  # like a JAX array: DLPack, no __cuda_array_interface__
        def __init__(self, t):
            self.t = t

        def __dlpack__(self, stream=None):
            return self.t.__dlpack__(stream=stream)

        def __dlpack_device__(self):
            return self.t.__dlpack_device__()

    scale = make_scale(cuda.jit)
    x = OnlyDLPack(torch.arange(8, dtype=torch.float32, device="cuda"))
    out = torch.zeros(8, dtype=torch.float32, device="cuda")
    scale[1, 8](x, out)
    np.testing.assert_array_equal(out.cpu().numpy(), 2 * np.arange(8, dtype=np.float32))


@pytest.mark.gpu
def test_as_cuda_array_views_cupy_memory():
    cp = pytest.importorskip("cupy")
    c = cp.arange(5, dtype=cp.int32)
    d = cuda.as_cuda_array(c)
    assert cuda.is_cuda_array(c) and d.device_ctypes_pointer.value == c.data.ptr
    np.testing.assert_array_equal(d.copy_to_host(), np.arange(5, dtype=np.int32))
    with pytest.raises(TypeError, match="no __cuda_array_interface__"):
        cuda.as_cuda_array([1, 2])


# -- devices and streams ----------------------------------------------------------

@pytest.mark.gpu
def test_devices_and_selection():
    assert len(cuda.gpus) >= 1
    dev = cuda.gpus[0]
    assert dev.id == 0 and dev.compute_capability >= (7, 0) and dev.MAX_THREADS_PER_BLOCK == 1024
    # numba's: float16 from compute capability 5.3, bfloat16 from 8.0 (H200: 9.0)
    assert dev.supports_float16 is (dev.compute_capability >= (5, 3))
    assert dev.supports_bfloat16 is (dev.compute_capability >= (8, 0))
    assert cuda.select_device(0).id == 0
    with cuda.gpus[0] as g:
        assert cuda.get_current_device().id == g.id
    with pytest.raises(pyjit.CudaError, match="device 99 of"):
        cuda.select_device(99)
    with pytest.raises(IndexError):
        cuda.gpus[len(cuda.gpus)]


@pytest.mark.gpu
@pytest.mark.parametrize("make", [cuda.default_stream, cuda.legacy_default_stream,
                                  cuda.per_thread_default_stream, cuda.stream])
def test_kernels_on_every_kind_of_stream(make):
    scale = make_scale(cuda.jit)
    s = make()
    d = cuda.to_device(np.arange(32, dtype=np.float32), stream=s)
    out = cuda.device_array(32, np.float32)
    scale[1, 32, s](d, out)
    s.synchronize()
    np.testing.assert_array_equal(out.copy_to_host(stream=s), 2 * np.arange(32, dtype=np.float32))


def test_launches_from_many_threads_are_safe(jit):
    scale = make_scale(jit)
    x = cuda.to_device(np.arange(256, dtype=np.float32))
    outs = [cuda.device_array(256, np.float32) for _ in range(8)]
    errors = []

    def work(out):
        try:
            for _ in range(20):
                scale[1, 256](x, out)
        except Exception as exc:
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(o,)) for o in outs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    cuda.synchronize()
    assert not errors
    for o in outs:
        np.testing.assert_array_equal(o.copy_to_host(), 2 * np.arange(256, dtype=np.float32))


# -- inspection, resources, specialisation -------------------------------------------

@pytest.mark.gpu
def test_resource_usage_and_sass():
    @cuda.jit
    def tile(a):
        buf = cuda.shared.array(1000, np.float32)  # 4000 bytes
        buf[cuda.threadIdx.x] = a[cuda.threadIdx.x]
        cuda.syncthreads()
        a[cuda.threadIdx.x] = buf[999 - cuda.threadIdx.x] * 3.0

    a = cuda.to_device(np.arange(1000, dtype=np.float32))
    tile[1, 1000](a)
    np.testing.assert_array_equal(a.copy_to_host(), np.arange(1000, dtype=np.float32)[::-1] * 3)
    sig = tile.signatures[0]
    assert sig == ("array(float32, 1d, C)",)
    # As numba.cuda: with no signature a dict over the overloads, with one the value.
    assert tile.get_shared_mem_per_block() == {sig: 4000}
    assert tile.get_shared_mem_per_block(sig) == 4000
    assert tile.get_shared_mem_per_block((pyjit.float32[::1],)) == 4000
    assert 0 < tile.get_regs_per_thread(sig) <= 255
    assert tile.get_local_mem_per_thread(sig) == 0
    assert tile.get_max_threads_per_block(sig) >= 1000
    usage = tile.resource_usage(sig)
    assert usage["binary_version"] == 10 * cuda.get_current_device().compute_capability[0] + \
        cuda.get_current_device().compute_capability[1]
    special = tile.specialize(a)
    assert special.specialized and not tile.specialized
    assert special.get_shared_mem_per_block() == 4000  # a specialized kernel: the value
    blocks = tile.max_cooperative_grid_blocks(1000)
    assert 1 <= blocks <= cuda.get_current_device().MULTIPROCESSOR_COUNT * 2
    sass = tile.inspect_sass(sig)
    assert tile.inspect_sass() == {sig: sass}
    assert "BAR.SYNC" in sass or "BAR" in sass, sass[:500]
    import shutil
    if shutil.which("nvdisasm") or os.path.exists(os.path.join(
            os.environ.get("CUDA_HOME", "/usr/local/cuda"), "bin", "nvdisasm")):
        cfg = tile.inspect_sass_cfg(sig)  # numba's: nvdisasm -cfg, DOT text
        assert cfg.lstrip().startswith("digraph") and "BAR" in cfg, cfg[:500]
        assert tile.inspect_sass_cfg() == {sig: cfg}
        assert tile.overloads[sig].inspect_sass_cfg() == cfg
    else:  # (cuobjdump has no CFG)
        with pytest.raises(RuntimeError, match="inspect_sass_cfg needs nvdisasm"):
            tile.inspect_sass_cfg(sig)


def test_specialize_and_overloads(jit):
    scale = make_scale(jit)
    x = cuda.to_device(np.arange(4, dtype=np.float32))
    out = cuda.device_array(4, np.float32)
    special = scale.specialize(x, out)
    assert special.signature_strings == ["void(array(float32, 1d, C), array(float32, 1d, C))"]
    special[1, 4](x, out)
    np.testing.assert_array_equal(out.copy_to_host(), 2 * np.arange(4, dtype=np.float32))
    with pytest.raises(TypeError, match="no signature of kernel 'scale' matches"):
        special[1, 4](cuda.to_device(np.arange(4.0)), out)
    scale[1, 4](x, out)
    assert list(scale.overloads) == [("array(float32, 1d, C)", "array(float32, 1d, C)")]


def test_inspection_takes_signatures_as_numba_cuda_does(jit):
    scale = make_scale(jit)
    x32 = np.arange(4, dtype=np.float32)
    x64 = np.arange(4, dtype=np.float64)
    scale[1, 4](x32, np.zeros(4, np.float32))
    scale[1, 4](x64, np.zeros(4, np.float64))
    s32 = ("array(float32, 1d, C)", "array(float32, 1d, C)")
    s64 = ("array(float64, 1d, C)", "array(float64, 1d, C)")
    assert scale.signatures == [s32, s64]
    for inspect in (scale.inspect_llvm, scale.inspect_ir):
        every = inspect()
        assert isinstance(every, dict) and list(every) == [s32, s64]
        assert every[s32] != every[s64]
        # The same overload named as pyjit/numba type objects, their
        # spellings, a signature string and the canonical strings.
        for name in ((pyjit.float32[::1], pyjit.float32[::1]), ("float32[::1]", "float32[::1]"),
                     "void(float32[::1], float32[::1])", s32):
            assert inspect(name) == every[s32]
    assert "float" in scale.inspect_llvm(s32) and "double" in scale.inspect_llvm(s64)
    with pytest.raises(KeyError, match="no overload for .*int32.*compiled"):
        scale.inspect_llvm((pyjit.int32[::1], pyjit.int32[::1]))
    with pytest.raises(RuntimeError, match="already specialized"):
        scale.specialize(x32, x32).specialize(x32, x32)
    fresh = make_scale(jit)
    assert fresh.inspect_llvm() == {}  # nothing compiled yet: numba's empty dict


def test_inspect_sass_on_the_cpu_backend_says_why():
    @cuda.jit(target="cpu")
    def k(a):
        a[0] = 1
    k[1, 1](np.zeros(1))
    with pytest.raises(RuntimeError, match="CPU backend"):
        k.inspect_sass()
    with pytest.raises(RuntimeError, match="CPU backend"):
        k.inspect_sass_cfg()
    with pytest.raises(RuntimeError, match="CPU backend"):
        k.get_regs_per_thread()


# -- device faults --------------------------------------------------------------------

@pytest.mark.gpu
def test_device_fault_names_the_kernel_and_the_process_exits_cleanly(tmp_path):
    script = tmp_path / "fault.py"
    script.write_text(textwrap.dedent('''
        import numpy as np
        import pyjit
        from pyjit import cuda

        @cuda.jit
        def wild_write(a):
            a[0] = 1.0

        bogus = cuda.from_cuda_array_interface(
            {"shape": (4,), "typestr": "<f4", "data": (0x10, False), "version": 3})
        wild_write[1, 1](bogus)
        try:
            cuda.synchronize()
        except pyjit.CudaError as exc:
            print("CAUGHT", exc)
        print("DONE")
    '''))
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "CAUGHT" in proc.stdout and "after kernel 'wild_write'" in proc.stdout, proc.stdout
    assert "CUDA_ERROR_ILLEGAL_ADDRESS" in proc.stdout
    assert "DONE" in proc.stdout


# -- found by review: host-array checks and conversions -------------------------------

def test_copy_to_host_checks_shape_dtype_and_writeability(jit):
    f = cuda.to_device(np.asfortranarray(np.arange(6, dtype=np.float32).reshape(2, 3)))
    # numba's check_array_compatibility: TypeError for the dtype, ValueError
    # for shapes that differ once squeezed; (1, 2, 3) holds a (2, 3) array.
    with pytest.raises(ValueError, match=r"incompatible shape: \(2, 3\) vs. \(3, 2\)"):
        f.copy_to_host(np.zeros((3, 2), np.float32, order="F"))
    with pytest.raises(TypeError, match="incompatible dtype: float32 vs. float64"):
        f.copy_to_host(np.zeros((2, 3), np.float64, order="F"))
    out = np.zeros((1, 2, 3), np.float32)
    assert f.copy_to_host(out) is out
    np.testing.assert_array_equal(out[0], np.arange(6, dtype=np.float32).reshape(2, 3))
    c = cuda.to_device(np.arange(2, dtype=np.int32))
    with pytest.raises(ValueError, match="read-only"):
        c.copy_to_host(np.frombuffer(bytes(8), np.int32))
    c.copy_to_device(np.array([[5, 6]], np.int32))  # squeezed shapes match
    assert c.copy_to_host().tolist() == [5, 6]
    c.copy_to_device(np.zeros(0, np.int32))  # nothing to copy (numba)
    with pytest.raises(ValueError, match="without a copy"):
        np.array(c, copy=False)
    assert cuda.to_device(np.array([9, 9], np.int32), to=c, copy=False) is c
    assert c.copy_to_host().tolist() == [5, 6]


def test_non_numeric_dtypes_are_refused(jit):
    with pytest.raises(TypeError, match="not dtype object"):
        cuda.to_device(np.array([object(), 1], dtype=object))
    with pytest.raises(TypeError, match=r"not dtype \|V8"):
        cuda.device_array(3, np.dtype("V8"))  # (bytes and str items pass: test_strings.py)
    # a record with an object field, however made (its memory holds no references)
    with pytest.raises(TypeError, match=r"no Python objects: dtype \[\('a', 'O'\)\]"):
        cuda.device_array(4, dtype=[("a", "O")])
    with pytest.raises(TypeError, match=r"no Python objects: dtype \[\('n', \[\('a', 'O'\)\]\)\]"):
        cuda.to_device(np.zeros(2, dtype=[("n", [("a", "O")])]))
    with pytest.raises(TypeError, match="no Python objects"):
        cuda.to_device(np.arange(4.0)).view([("a", "O")])


def test_shape_is_set_as_numpy_reshapes_in_place_and_the_rest_are_read_only(jit):
    d = cuda.to_device(np.arange(6.0))
    with pytest.raises(ValueError, match=r"size 6 into shape \(100000000,\)"):
        d.shape = (10 ** 8,)  # (a crash before: the copies read past the allocation)
    d.shape = (2, 3)  # numpy's in-place reshape: the strides and the interface follow
    assert d.strides == (24, 8) and d.__cuda_array_interface__["shape"] == (2, 3)

    @jit
    def row_sums(a, out):
        i = cuda.grid(1)
        if i < a.shape[0]:
            out[i] = a[i, 0] + a[i, 1] + a[i, 2]

    out = np.zeros(2)
    row_sums[1, 2](d, out)
    assert out.tolist() == [3.0, 12.0]
    np.testing.assert_array_equal(d.copy_to_host(), np.arange(6.0).reshape(2, 3))
    with pytest.raises(AttributeError, match="Incompatible shape for in-place modification"):
        d[:, ::2].shape = (4,)  # (every other column: numpy would copy)
    with pytest.raises(TypeError, match="the new shape must be ints"):
        d.shape = True  # (numpy's TypeError)
    with pytest.raises(AttributeError, match="strides cannot be set"):
        d.strides = (8, 8)
    with pytest.raises(AttributeError, match=r"dtype cannot be set.*d\.view\(dtype\)"):
        d.dtype = np.complex128
    for name in ("size", "nbytes"):
        with pytest.raises(AttributeError, match="'%s' of device arrays is not writable" % name):
            setattr(d, name, 10 ** 8)
    assert (d.shape, d.strides, d.size, d.nbytes) == ((2, 3), (24, 8), 6, 48)
    view = cuda.as_cuda_array(d)  # a new view, as numba's: its shape is its own
    view.shape = (6,)
    assert d.shape == (2, 3) and view.copy_to_host().tolist() == list(range(6))


def test_copy_to_device_into_fortran_order_and_dtype_check(jit):
    host = np.asfortranarray(np.arange(12, dtype=np.float64).reshape(3, 4))
    dev = cuda.device_array((3, 4), np.float64, order="F")
    dev.copy_to_device(host)
    np.testing.assert_array_equal(dev.copy_to_host(), host)
    cuda.to_device(host * 2, to=dev)
    np.testing.assert_array_equal(dev.copy_to_host(), host * 2)
    with pytest.raises(TypeError, match="dtype float32 is not the device array's float64"):
        dev.copy_to_device(host.astype(np.float32))


def test_from_dlpack_of_host_memory_on_the_cpu_backend():
    if cuda.is_available():
        pytest.skip("with a GPU, device arrays are GPU memory")
    a = np.arange(6, dtype=np.float64)
    v = cuda.from_dlpack(a)
    assert v.__dlpack_device__() == (1, 0)
    np.testing.assert_array_equal(np.from_dlpack(v), a)

    @cuda.jit
    def double(x):
        i = cuda.grid(1)
        if i < x.size:
            x[i] *= 2

    double[1, 8](v[::2])  # a strided view of the same memory, in place
    np.testing.assert_array_equal(a, [0, 1, 4, 3, 8, 5])


def test_copy_to_host_of_strided_views(jit):
    host = np.arange(60, dtype=np.float32).reshape(6, 10)
    d = cuda.to_device(host)
    for index in [(slice(None), slice(None, None, 3)), (slice(1, 5), slice(2, 9, 2)),
                  (slice(None, None, -2), slice(None, None, -1)), (slice(None), 4)]:
        np.testing.assert_array_equal(d[index].copy_to_host(), host[index])
    col = np.zeros(6, np.float32)
    d[:, 7].copy_to_host(col)
    np.testing.assert_array_equal(col, host[:, 7])


def test_big_endian_host_arrays_are_copied_as_their_numbers():
    # FITS data is big-endian: to_device keeps the numbers, in native order;
    # a device array of a non-native dtype is refused with the fix named.
    host = np.arange(5, dtype=">f8") * 1.5
    dev = cuda.to_device(host)
    assert dev.dtype == np.dtype("<f8")
    np.testing.assert_array_equal(dev.copy_to_host(), host)
    with pytest.raises(TypeError, match=r"machine's byte order, not dtype >f4; use <f4"):
        cuda.device_array(3, dtype=">f4")


def test_device_array_transpose_squeeze_bind_getitem_and_alloc_size():
    host = np.arange(24.0).reshape(2, 3, 4)
    d = cuda.to_device(host)
    for axes in [None, (1, 0, 2), (-1, 0, 1), (2, 1, 0)]:
        np.testing.assert_array_equal(d.transpose(axes).copy_to_host(), host.transpose(axes))
    with pytest.raises(ValueError, match=r"axes \(0, 0, 1\) are not a permutation"):
        d.transpose((0, 0, 1))
    e = cuda.to_device(np.arange(6.0).reshape(1, 6, 1))
    assert e.squeeze().shape == (6,) and e.squeeze(0).shape == (6, 1)
    assert e.squeeze((0, 2)).shape == (6,) and e.squeeze(-1).shape == (1, 6)
    np.testing.assert_array_equal(e.squeeze().copy_to_host(), np.arange(6.0))
    with pytest.raises(ValueError, match=r"size not equal to one \(axis 1 has 6\)"):
        e.squeeze(1)
    s = cuda.stream()
    bound = d.bind(s)
    assert bound.stream is s and bound[1:].stream is s and d.stream == 0
    assert bound.getitem((1, 2, 3)) == host[1, 2, 3] and d.getitem(0, stream=s).shape == (3, 4)
    np.testing.assert_array_equal(bound.copy_to_host(), host)
    s.synchronize()
    # numba: a view's own extent (d[1] of (2, 3, 4) float64 spans 96 bytes).
    assert d.alloc_size == host.nbytes and d[1].alloc_size == 96 and d[:, 0].alloc_size == 128


def test_device_arrays_with_explicit_strides():
    d = cuda.device_array(3, np.float64, strides=16)  # numba takes an int for 1-D
    assert d.strides == (16,) and d.shape == (3,) and not d.is_c_contiguous()
    d[:] = np.array([1.0, 2.0, 3.0])
    np.testing.assert_array_equal(d.copy_to_host(), [1.0, 2.0, 3.0])
    f = cuda.device_array((2, 3), np.int32, strides=(4, 8))  # Fortran order by hand
    assert f.is_f_contiguous() and not f.is_c_contiguous()
    with pytest.raises(ValueError, match="do not suit"):
        cuda.device_array((2, 3), strides=(8,))


def test_like_arrays_of_fortran_device_arrays_keep_fortran_order():
    # device_array_like read `.flags`, which device arrays lacked: C order came back.
    f = cuda.device_array((10, 12), order="F")
    assert f.flags["F_CONTIGUOUS"] and f.flags.f_contiguous and not f.flags.c_contiguous
    assert cuda.device_array_like(f).strides == (8, 80)
    assert cuda.pinned_array_like(f).strides == (8, 80)
    assert cuda.mapped_array_like(f).strides == (8, 80)
    c = cuda.device_array((3, 4))
    assert c.flags["C_CONTIGUOUS"] and c.flags.contiguous and cuda.device_array_like(c).strides == (32, 8)
    with pytest.raises(KeyError):
        c.flags["NOPE"]


def test_compile_ptx_takes_an_arch_specific_compute_capability():
    # numba: cc=(9, 0, "a") compiles for sm_90a (arch-specific features).
    def k(a):
        a[0] = 1.0

    ptx, _ = cuda.compile_ptx(k, (pyjit.float32[::1],), cc=(9, 0, "a"))
    assert ".target sm_90a" in ptx
    with pytest.raises(ValueError, match=r"cc must be \(major, minor\)"):
        cuda.compile_ptx(k, (pyjit.float32[::1],), cc=(9,))


def test_device_ctypes_pointer_is_a_ctypes_pointer():
    # numba: a ctypes.c_void_p (interop code reads .value), the address the
    # __cuda_array_interface__ gives; a view's is offset into its base.
    import ctypes
    d = cuda.to_device(np.arange(8, dtype=np.float32))
    p = d.device_ctypes_pointer
    assert isinstance(p, ctypes.c_void_p)
    assert p.value == d.__cuda_array_interface__["data"][0]
    assert d[2:].device_ctypes_pointer.value == p.value + 8


def test_gpu_data_device_pointer_reads_as_an_int_and_as_a_ctypes_pointer():
    # numba-cuda's test_array passes int(a.gpu_data.device_pointer) (a
    # CUdeviceptr); older numba code reads its ctypes `.value`.
    d = cuda.to_device(np.arange(8, dtype=np.float32))
    address = d.__cuda_array_interface__["data"][0]
    assert int(d.gpu_data.device_pointer) == address
    assert d.gpu_data.device_pointer.value == address
    assert d.gpu_data.device_pointer_value == address
    assert int(d[2:].gpu_data.device_pointer) == address + 8


def test_gpu_data_views_memsets_and_owner_as_numbas_memory_pointer():
    # Old user code reads `dary.gpu_data.view(n * itemsize)` and memsets it
    # (numba's MemoryPointer); pyjit's memory object had no view or memset.
    d = cuda.to_device(np.arange(8, dtype=np.int32))
    g = d.gpu_data
    v = g.view(8, 16)  # bytes 8..15: elements 2 and 3
    assert v.size == 8 and v.owner == g and g.owner is g and g.own() is g
    assert v.device_ctypes_pointer.value == g.device_ctypes_pointer.value + 8
    v.memset(0)
    g.view(4).memset(255, 4)  # element 1's four bytes: -1 as int32
    assert d.copy_to_host().tolist() == [0, -1, 0, 0, 4, 5, 6, 7]
    with pytest.raises(IndexError, match="view \\[0, 64\\) out of 32 bytes"):
        g.view(0, 64)
    with pytest.raises(ValueError, match="memset of 16 bytes in 8 bytes"):
        v.memset(1, 16)
    # An array of no elements has no address, as its interface says.
    empty = cuda.device_array(0)
    assert empty.device_ctypes_pointer.value is None
    assert empty.__cuda_array_interface__["data"][0] == 0


def test_inspect_lto_ptx_is_the_kernels_ptx():
    # numba-cuda's test_operator reads kernel.inspect_lto_ptx(sig); pyjit's
    # kernels are NVPTX's PTX, so it is inspect_asm's text.
    @cuda.jit("void(float32[::1], float32, float32)", lto=True)
    def add(r, a, b):
        r[0] = a + b

    sig = add.signatures[0]
    ptx = add.inspect_lto_ptx(sig)
    assert "add.f32" in ptx and ".entry" in ptx
    assert add.inspect_lto_ptx() == {sig: ptx}


def test_setitem_broadcasts_a_device_array_value():
    # numba's _do_setitem pads the value's shape with leading 1s and repeats
    # extent-1 dimensions, as numpy assignment does.
    host = np.zeros((3, 4))
    d = cuda.to_device(host)
    d[...] = cuda.to_device(np.arange(4.0))
    host[...] = np.arange(4.0)
    d[1:] = cuda.to_device(np.full((2, 1), 7.0))
    host[1:] = np.full((2, 1), 7.0)
    d[:, 1] = cuda.to_device(np.arange(3.0).reshape(1, 3))
    host[:, 1] = np.arange(3.0).reshape(1, 3)
    np.testing.assert_array_equal(d.copy_to_host(), host)
    with pytest.raises(ValueError, match=r"could not broadcast a device array of shape \(3,\)"):
        d[...] = cuda.to_device(np.arange(3.0))


def test_transpose_of_a_2d_device_array_is_a_c_contiguous_copy():
    # numba.cuda's DeviceNDArray.T: a new C-contiguous array (a transpose
    # kernel), not a view; other ranks keep numpy's view.
    host = np.arange(12, dtype=np.float32).reshape(3, 4)
    d = cuda.to_device(host)
    t = d.T
    assert t.shape == (4, 3) and t.is_c_contiguous()
    np.testing.assert_array_equal(t.copy_to_host(), host.T)
    t[0, 0] = 100.0
    assert d.copy_to_host()[0, 0] == 0.0
    assert d.transpose((0, 1)) is d
    three = cuda.to_device(np.zeros((2, 3, 4)))
    assert three.T.shape == (4, 3, 2) and not three.T.is_c_contiguous()


def test_numba_names_for_devices_arrays_and_dispatchers():
    # Names numba.cuda programs use, beyond the kernel language.
    import copy
    from pyjit.cuda.cudadrv.devicearray import DeviceNDArray
    from pyjit.cuda.cudadrv.driver import CudaAPIError
    assert CudaAPIError is pyjit.CudaError
    assert cuda.is_float16_supported() is True and cuda.is_bfloat16_supported() is True
    assert cuda.current_context().device is not None
    assert cuda.get_current_device().get_primary_context().get_memory_info().total > 0
    assert cuda.get_current_device().get_primary_context() is cuda.current_context()
    d = cuda.to_device(np.arange(4.0))
    shallow = copy.copy(d)            # the same memory (numba's bind())
    shallow[0] = 9.0
    deep = copy.deepcopy(d)           # a new allocation
    deep[1] = -1.0
    assert isinstance(shallow, DeviceNDArray) and d.copy_to_host().tolist() == [9, 1, 2, 3]
    assert dict(d.flags) == {"C_CONTIGUOUS": True, "F_CONTIGUOUS": True}
    # numba's flags are that dict itself: compared with one, they are equal.
    assert d.flags == {"C_CONTIGUOUS": True, "F_CONTIGUOUS": True}
    assert d[::2].flags == {"C_CONTIGUOUS": False, "F_CONTIGUOUS": False}
    assert d.ravel(stream=0).shape == (4,) and d.__cuda_memory__ and d.__cuda_ndarray__

    def k(a):
        a[0] = 1

    kern = cuda.jit(k)
    assert kern.__module__ == k.__module__ and kern.__qualname__ == k.__qualname__
    assert kern.extensions == []
    # numba's targetoptions: the given options over its defaults.
    assert kern.targetoptions["debug"] is False and kern.targetoptions["opt"] is True
    assert kern.targetoptions["device"] is False and kern.targetoptions["link"] == []
    fast = cuda.jit(fastmath=True, debug=True, opt=False)(k).targetoptions
    assert fast["fastmath"] is True and fast["debug"] is True and fast["opt"] is False
    dev = cuda.jit(device=True)(k)
    assert dev.targetoptions["device"] is True
    assert dev.signatures == []  # inlined at each call: calls add no signature
    declared = cuda.jit(["float64(float64)", "int32(int32)"], device=True)(lambda x: x * 2)
    assert declared.signatures == [("float64",), ("int32",)]
    assert (pyjit.int32,) in declared.signatures and declared.signatures[0][0] == pyjit.float64
    with pytest.raises(ValueError, match="can only be called from a kernel") as info:
        dev(np.zeros(1))  # numba: ValueError (a TypeError to pyjit too)
    # (a public class: tracebacks showed a private _DeviceCallError)
    assert type(info.value) is pyjit.errors.DeviceFunctionCallError
    assert isinstance(info.value, (TypeError, pyjit.PyjitError))
    with pytest.raises(RuntimeError, match="cannot be launched as a kernel") as info:
        dev[1, 1](np.zeros(1))
    assert type(info.value) is pyjit.errors.DeviceFunctionLaunchError
    kern.compile("void(float64[::1])")          # numba's CUDADispatcher.compile
    assert kern.signatures == [("array(float64, 1d, C)",)]
    # overloads' keys are type objects (numba's), equal to their spellings.
    key = next(iter(kern.overloads))
    assert key[0].dtype == pyjit.float64 and key[0].ndim == 1 and key[0].layout == "C"
    assert key == ("array(float64, 1d, C)",) and kern.overloads[key] is kern.overloads[
        ("array(float64, 1d, C)",)]
    assert next(iter(kern.inspect_asm()))[0].ndim == 1
    kern[1, 1](np.zeros(2, np.int32))          # still lazy for other types
    assert len(kern.signatures) == 2
    # numba's nopython_signatures and get_overload
    assert [str(s) for s in kern.nopython_signatures] == [
        "void(array(float64, 1d, C))", "void(array(int32, 1d, C))"]
    assert kern.nopython_signatures[1].args[0].dtype == pyjit.int32
    assert kern.get_overload("void(float64[::1])") is kern.overloads[key]
    with pytest.raises(KeyError):
        kern.get_overload("void(float32[::1])")
    d = cuda.to_device(np.zeros(2))
    assert d.as_cuda_arg().device_ctypes_pointer.value == d.__cuda_array_interface__["data"][0]


@pytest.mark.gpu
def test_any_cuda_device_attribute_by_numbas_name():
    # numba's Device reads every CU_DEVICE_ATTRIBUTE_* lazily by its name.
    dev = cuda.get_current_device()
    assert dev.COMPUTE_CAPABILITY_MAJOR == dev.compute_capability[0]
    assert dev.COMPUTE_CAPABILITY_MINOR == dev.compute_capability[1]
    assert dev.MAX_THREADS_PER_MULTIPROCESSOR >= dev.MAX_THREADS_PER_BLOCK
    assert dev.L2_CACHE_SIZE > 0 and dev.TOTAL_CONSTANT_MEMORY == 65536
    assert dev.MAX_SHARED_MEMORY_PER_BLOCK_OPTIN >= dev.MAX_SHARED_MEMORY_PER_BLOCK
    with pytest.raises(AttributeError, match="no attribute 'NOT_AN_ATTRIBUTE'"):
        dev.NOT_AN_ATTRIBUTE


@pytest.mark.skipif(cuda.is_available(), reason="with a GPU, every attribute is read")
def test_the_cpu_backend_models_an_sm90_gpus_attributes():
    # The same relations the GPU test checks, and the occupancy arithmetic of
    # real programs: 2048 threads and 65536 registers per multiprocessor.
    dev = cuda.get_current_device()
    assert dev.COMPUTE_CAPABILITY_MAJOR == dev.compute_capability[0] == 9
    assert dev.MAX_THREADS_PER_MULTIPROCESSOR // dev.MAX_THREADS_PER_BLOCK == 2
    assert dev.MAX_REGISTERS_PER_MULTIPROCESSOR == 65536 and dev.TOTAL_CONSTANT_MEMORY == 65536
    assert dev.MAX_SHARED_MEMORY_PER_BLOCK_OPTIN >= dev.MAX_SHARED_MEMORY_PER_BLOCK
    assert dev.CLOCK_RATE > 0 and dev.L2_CACHE_SIZE > 0
    assert dev.SHARED_MEMORY_PER_BLOCK == dev.MAX_SHARED_MEMORY_PER_BLOCK
    assert dev.get_device_identity() == {"pci_domain_id": 0, "pci_bus_id": 0, "pci_device_id": 0}
    assert dev.uuid == "GPU-00000000-0000-0000-0000-000000000000"
    with pytest.raises(AttributeError, match="MAX_TEXTURE1D_WIDTH is not modelled on the CPU "
                                             "backend.*CLOCK_RATE"):
        dev.MAX_TEXTURE1D_WIDTH
    with pytest.raises(AttributeError, match="no attribute 'lowercase'"):
        dev.lowercase


def test_datetime_device_arrays_hold_and_view_as_int64():
    # numba-cuda's test_datetime_view_as_int64 / test_timedelta_view_as_int64.
    # Kernels take them (tests/python/test_datetime.py) and their int64 views.
    arr = np.arange("2005-02", "2006-02", dtype="datetime64[D]")
    d = cuda.to_device(arr)
    assert d.dtype == arr.dtype
    np.testing.assert_array_equal(d.copy_to_host(), arr)
    np.testing.assert_array_equal(d.view(np.int64).copy_to_host(), arr.view(np.int64))
    delta = arr - (arr - np.timedelta64(1, "D"))
    assert delta.dtype == np.dtype("timedelta64[D]")
    np.testing.assert_array_equal(cuda.to_device(delta).view(np.int64).copy_to_host(),
                                  delta.view(np.int64))

    @cuda.jit
    def k(a):
        a[0] = 1

    # numba refuses an int stored as a datetime too; the int64 view takes it.
    with pytest.raises(pyjit.CompileError, match=r"cannot store a value of type int64 into an "
                                                 r"array of datetime64\[D\]"):
        k[1, 1](d)
    view = d.view(np.int64)
    k[1, 1](view)
    assert d.copy_to_host()[0] == np.datetime64(1, "D")


@pytest.mark.gpu
def test_device_uuid_is_the_drivers():
    # numba's Device.uuid, as nvidia-smi -L prints it; torch reads the same
    # cuDeviceGetUuid bytes.
    import re
    uuid = cuda.get_current_device().uuid
    assert re.fullmatch(r"GPU-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", uuid)
    assert uuid != "GPU-00000000-0000-0000-0000-000000000000"
    torch = pytest.importorskip("torch")
    assert uuid[4:] == str(torch.cuda.get_device_properties(cuda.get_current_device().id).uuid)


class _Interface:
    """A foreign producer: only a __cuda_array_interface__."""

    def __init__(self, cai):
        self.__cuda_array_interface__ = cai


def test_copy_to_device_takes_a_foreign_device_array():
    # Anything with __cuda_array_interface__ is a device-to-device copy (it
    # went through numpy before: "float() argument must be ...").
    src = cuda.to_device(np.arange(10, dtype=np.float32))
    dst = cuda.device_array(10, np.float32)
    dst.copy_to_device(_Interface(dict(src.__cuda_array_interface__)))
    np.testing.assert_array_equal(dst.copy_to_host(), np.arange(10, dtype=np.float32))
    with pytest.raises(ValueError, match="does not match"):
        cuda.device_array(9, np.float32).copy_to_device(
            _Interface(dict(src.__cuda_array_interface__)))


def test_a_masked_interface_is_not_implemented_as_in_numba():
    d = cuda.to_device(np.zeros(3))
    face = dict(d.__cuda_array_interface__)
    face["mask"] = cuda.to_device(np.zeros(3, np.bool_))
    with pytest.raises(NotImplementedError, match="masked arrays are not supported"):
        cuda.from_cuda_array_interface(face)
