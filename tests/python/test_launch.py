"""Launching: configuration checks before the launch, the C++ fast path
(python/src/Dispatch.cpp) and its fallbacks, foreign arrays and streams.

Expected values are numpy's; the fast path is observed through
`_dispatch_entries()` (overloads the C++ dispatch table knows).
"""
import ctypes
import gc
import weakref

import numpy as np
import pytest

import pyjit
from pyjit import cuda


def make_axpy(jit):
    @jit
    def axpy(a, x, y, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = a * x[i] + y[i]
    return axpy


def make_noop(jit):
    @jit
    def noop(a):
        pass
    return noop


# -- configuration checks (both backends) ---------------------------------------

@pytest.mark.parametrize("config, exc, message", [
    ((1.5, 32), TypeError, "griddim must be an int"),
    # n / 256 + 1 is a float: the message says how to write it
    ((np.float64(4.0), 32), TypeError, r"got np.float64\(4.0\) \(n / block is a float in "
                                       r"Python 3: use \(n \+ block - 1\) // block, or "
                                       r"int\(...\)\)"),
    (((2.0, 1), 32), TypeError, r"griddim must contain integers, got \(2.0, 1\) \(n / block"),
    ((1, (32, "a")), TypeError, "blockdim must contain integers"),
    ((0, 32), ValueError, "griddim dimensions must be positive"),
    ((1, (32, 32, 2)), ValueError, "2048 threads exceeds the device's limit of 1024"),
    ((1, (1, 1, 65)), ValueError, "blockdim.z = 65 exceeds the device's limit of 64"),
    (((1, 70000), 1), ValueError, "griddim.y = 70000 exceeds the device's limit of 65535"),
    ((1, 32, 0, 1 << 20), ValueError, "1048576 bytes of dynamic shared memory exceed"),
    ((1, 32, 0, 1.5), TypeError, "dynamic shared memory size must be an int"),
    ((1, 32, 0, -1), ValueError, "must be >= 0"),
    ((1, 32, 0, 0, 0), ValueError, "a launch configuration is"),
    ((1, 32, "stream"), TypeError, "stream must be"),
    ((None, 32), ValueError, "griddim is None: a launch configuration gives both"),  # numba's
    ((4, None), ValueError, "blockdim is None"),
])
def test_bad_configuration_raises_before_launching(jit, config, exc, message):
    noop = make_noop(jit)
    with pytest.raises(exc, match=message):
        noop[config]
    noop[1, 1](np.zeros(1))  # the kernel still works


def test_configuration_error_names_the_kernel(jit):
    noop = make_noop(jit)
    with pytest.raises(ValueError, match="kernel 'noop'"):
        noop[1, 4096]


def test_a_configuration_over_a_limit_is_also_numbas_cuda_api_error(jit):
    # numba reports these from cuLaunchKernel (CudaAPIError,
    # CUDA_ERROR_INVALID_VALUE); pyjit refuses them before launching, with an
    # error that both `except ValueError` and `except CudaAPIError` catch.
    import pyjit
    noop = make_noop(jit)
    bounded = jit(launch_bounds=32)(noop.py_func)
    for launch in (lambda: noop[1, 4096], lambda: noop[(1, 70000), 1],
                   lambda: noop[1, 32, 0, 1 << 20], lambda: bounded[1, 64](np.zeros(1)),
                   lambda: noop[0, 32], lambda: noop[1, 32, 0, -1]):
        with pytest.raises(cuda.cudadrv.driver.CudaAPIError,
                           match="exceed|must be positive|must be >= 0") as info:
            launch()
        assert isinstance(info.value, ValueError)
        assert isinstance(info.value, pyjit.LaunchConfigError)
    with pytest.raises(TypeError) as info:  # a malformed one is not a driver error
        noop[1.5, 32]
    assert not isinstance(info.value, pyjit.CudaError)


def test_launcher_exposes_its_configuration(jit):
    noop = make_noop(jit)
    launcher = noop[(2, 3), 64, 0, 128]
    assert launcher.griddim == (2, 3, 1)
    assert launcher.blockdim == (64, 1, 1)
    assert launcher.stream == 0 and launcher.sharedmem == 128
    assert noop[(2, 3), 64, 0, 128] is launcher  # cached per configuration
    assert noop[1, 1].stream == 0  # none given


@pytest.mark.gpu
def test_launcher_stream_is_the_stream_given():
    # numba's launcher.stream is the object given in kernel[grid, block,
    # stream], not its CUstream handle (which pyjit gave).
    noop = make_noop(cuda.jit)
    s = cuda.stream()
    launcher = noop[1, 32, s]
    assert launcher.stream is s
    launcher(cuda.device_array(1))
    s.synchronize()


def test_pre_launch_callbacks_run_before_each_launch_of_their_launcher(jit):
    # numba-cuda's _LaunchConfiguration: callback(kernel, launch_config) after
    # the overload is chosen, with launch_config.args the launch's arguments.
    axpy = make_axpy(jit)
    x = np.arange(8, dtype=np.float32)
    out = np.zeros_like(x)
    launcher = axpy[1, 8]
    assert launcher.args is None  # no launch in progress
    seen = []
    launcher.pre_launch_callbacks.append(
        lambda kernel, config: seen.append((config is launcher, config.args[0],
                                            hasattr(kernel, "signature"))))
    launcher(np.float32(2), x, x, out)
    launcher(np.float32(3), x, x, out)
    assert seen == [(True, 2, True), (True, 3, True)]
    np.testing.assert_array_equal(out, 4 * x)
    assert launcher.args is None
    # The callbacks belong to that launcher: kernel[config] makes a new one.
    fresh = axpy[1, 8]
    assert fresh is not launcher and fresh.pre_launch_callbacks == []
    fresh(np.float32(1), x, x, out)
    assert len(seen) == 2
    np.testing.assert_array_equal(out, 2 * x)


def test_a_pre_launch_callback_appended_by_another_runs_in_the_same_launch(jit):
    # numba iterates the live list.
    axpy = make_axpy(jit)
    x = np.arange(4, dtype=np.float32)
    launcher = axpy[1, 4]
    seen = []

    def second(kernel, config):
        seen.append("second")

    def first(kernel, config):
        seen.append("first")
        if second not in config.pre_launch_callbacks:
            config.pre_launch_callbacks.append(second)
    launcher.pre_launch_callbacks.append(first)
    launcher(np.float32(1), x, x, np.zeros_like(x))
    assert seen == ["first", "second"]


def test_a_raising_pre_launch_callback_stops_the_launch(jit):
    axpy = make_axpy(jit)
    x = np.arange(4, dtype=np.float32)
    out = np.zeros_like(x)

    def refuse(kernel, config):
        raise RuntimeError("not now")
    launcher = axpy[1, 4]
    launcher.pre_launch_callbacks = [refuse]
    with pytest.raises(RuntimeError, match="not now"):
        launcher(np.float32(2), x, x, out)
    np.testing.assert_array_equal(out, 0)
    import pickle
    with pytest.raises(pickle.PicklingError, match="pre-launch callbacks"):
        pickle.dumps(launcher)


def test_unhashable_configuration_still_launches(jit):
    axpy = make_axpy(jit)
    x = np.arange(8, dtype=np.float32)
    out = np.zeros_like(x)
    axpy[[1], [8]](np.float32(2), x, x, out)
    np.testing.assert_array_equal(out, 3 * x)


@pytest.mark.parametrize("big_first", [False, True])
def test_a_python_int_from_2_63_up_is_a_uint64_argument(jit, big_first):
    # numba's typeof: int64, else uint64 up to 2**64 - 1, else an error. The
    # fast path keys ints by type, so an int64 kernel must not take a big
    # value, nor the uint64 kernel a small one: x - uint64(10) is uint64 for
    # a uint64 x (5 - 10 would wrap to 2**64 - 5), int64 for an int64 x.
    @jit
    def k(x, out):
        out[0] = x
        out[1] = x - np.uint64(10)

    out = np.zeros(2)
    order = [2**64 - 1, 5, 2**63, 7] if big_first else [5, 2**63, 7, 2**64 - 1]
    for _ in range(2):  # the second round launches from the fast path
        for v in order:
            k[1, 1](v, out)
            assert out.tolist() == [float(v), float(v - 10)], v
    assert sorted(k.signatures) == [("int64", "array(float64, 1d, C)"),
                                    ("uint64", "array(float64, 1d, C)")]
    for v in (2**64, -2**63 - 1):
        with pytest.raises(OverflowError, match="argument 'x': %d does not fit int64 or "
                                                "uint64" % v) as info:
            k[1, 1](v, out)
        assert isinstance(info.value, ValueError)  # numba's typeof raises ValueError


def test_ints_beyond_64_bits_fill_float_parameters_of_explicit_signatures(jit):
    # numba converts each argument to its parameter's type: float(10**30)
    @jit(["void(float64, float32, complex128, float64[::1], complex128[::1])"])
    def store(x, y, z, out, cout):
        out[0] = x
        out[1] = y
        cout[0] = z

    out, cout = np.zeros(2), np.zeros(1, np.complex128)
    store[1, 1](10**30, -2**70, 3**50, out, cout)
    assert out[0] == 1e30 and out[1] == np.float32(-2.0**70) and cout[0] == complex(3**50)

    @jit(["void(int64, float64[::1])", "void(float64, float64[::1])"])
    def either(x, out):
        out[0] = x

    with pytest.raises(OverflowError, match="argument 'x': %d does not fit" % 10**30):
        either[1, 1](10**30, out)  # (an int parameter could take it: the int must type)


def test_numpy_unsigned_scalars_fill_their_parameters(jit):
    @jit("void(uint32, uint64, uint64[::1])")
    def store(a, b, out):
        out[0] = a
        out[1] = b

    out = np.zeros(2, dtype=np.uint64)
    store[1, 1](np.uint32(4000000000), np.uint64(2 ** 63 + 5), out)
    np.testing.assert_array_equal(out, np.array([4000000000, 2 ** 63 + 5], dtype=np.uint64))
    with pytest.raises(OverflowError, match="argument 'a'"):
        store[1, 1](-1, np.uint64(1), out)


def test_wrong_argument_count_names_the_parameters(jit):
    axpy = make_axpy(jit)
    with pytest.raises(TypeError, match=r"takes 4 arguments \(a, x, y, out\), got 2"):
        axpy[1, 1](1.0, np.zeros(1))


def test_dispatcher_is_collected(jit):
    axpy = make_axpy(jit)
    x = np.arange(4, dtype=np.float32)
    axpy[1, 4](np.float32(1), x, x, x.copy())
    ref = weakref.ref(axpy)
    del axpy
    gc.collect()
    assert ref() is None  # launcher <-> dispatcher cycles are collectable


# -- the fast path (GPU) ------------------------------------------------------------

@pytest.mark.gpu
def test_device_arrays_take_the_fast_path_with_correct_results():
    axpy = make_axpy(cuda.jit)
    x = np.arange(1000, dtype=np.float32)
    y = np.ones(1000, dtype=np.float32)
    dx, dy, dout = cuda.to_device(x), cuda.to_device(y), cuda.device_array(1000, np.float32)
    assert axpy._dispatch_entries() == 0
    axpy[4, 256](np.float32(2), dx, dy, dout)
    assert axpy._dispatch_entries() == 1
    for a in (3.0, 5.0):  # the C++ path: new values, same types
        axpy[4, 256](np.float32(a), dx, dy, dout)
        np.testing.assert_array_equal(dout.copy_to_host(), np.float32(a) * x + y)
    assert axpy._dispatch_entries() == 1


@pytest.mark.gpu
def test_intenum_arguments_take_the_fast_path_keyed_by_their_class():
    # An IntEnum member's type is its class's IntEnumMember: the C++ path
    # keys it by the class and packs its int.
    import enum

    class Mode(enum.IntEnum):
        A = 2
        B = 3

    class Other(enum.IntEnum):
        A = 2

    @cuda.jit
    def k(m, out):
        out[0] = m * 10
        out[1] = m is Mode.B

    out = cuda.device_array(2, np.int64)
    for _ in range(2):  # the first launch registers the class, the second the overload
        k[1, 1](Mode.A, out)
    assert out.copy_to_host().tolist() == [20, 0]
    assert k._dispatch_entries() == 1
    k[1, 1](Mode.B, out)  # another member: the same overload, from the table
    assert out.copy_to_host().tolist() == [30, 1]
    assert k._dispatch_entries() == 1
    for _ in range(2):
        k[1, 1](Other.A, out)  # another class: another overload
    assert out.copy_to_host().tolist() == [20, 0]
    assert k._dispatch_entries() == 2 and len(k.signatures) == 2


@pytest.mark.gpu
def test_fast_path_keys_on_types_layout_and_scalar_kind():
    axpy = make_axpy(cuda.jit)
    x = np.arange(64, dtype=np.float64)
    dx = cuda.to_device(x)
    dout = cuda.device_array(32, np.float64)
    axpy[1, 64](2.0, dx[:32], dx[:32], dout)          # C-contiguous view
    axpy[1, 64](2.0, dx[::2], dx[::2], dout)          # strided view: another overload
    np.testing.assert_array_equal(dout.copy_to_host(), 3 * x[::2])
    axpy[1, 64](2, dx[::2], dx[::2], dout)            # int scalar: another overload
    np.testing.assert_array_equal(dout.copy_to_host(), 3 * x[::2])
    axpy[1, 64](2.0, dx[:32], dx[:32], dout)          # back to the first, from the table
    np.testing.assert_array_equal(dout.copy_to_host(), 3 * x[:32])
    assert axpy._dispatch_entries() == 3
    assert len(axpy.signatures) == 3


@pytest.mark.gpu
def test_numpy_arguments_stay_on_the_copying_path():
    axpy = make_axpy(cuda.jit)
    x = np.arange(16, dtype=np.float32)
    out = np.zeros_like(x)
    axpy[1, 16](np.float32(2), x, x, out)
    axpy[1, 16](np.float32(2), x, x, out)
    np.testing.assert_array_equal(out, 3 * x)
    assert axpy._dispatch_entries() == 0


def test_fast_path_converts_scalars_for_explicit_signatures(jit):
    @jit("void(int32, float32[::1])")
    def fill(v, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = v

    out = cuda.device_array(8, np.float32)
    fill[1, 8](7, out)
    fill[1, 8](-3, out)
    np.testing.assert_array_equal(out.copy_to_host(), np.full(8, -3, np.float32))
    with pytest.raises(OverflowError, match="kernel 'fill': argument 'v': 1099511627776 "
                                            "does not fit int32"):
        fill[1, 8](1 << 40, out)


@pytest.mark.gpu
def test_wrong_type_after_the_fast_path_learned_a_signature():
    axpy = make_axpy(cuda.jit)
    d = cuda.device_array(4, np.float32)
    axpy[1, 4](np.float32(1), d, d, d)
    with pytest.raises(TypeError, match="argument 'x'"):
        axpy[1, 4](np.float32(1), "not an array", d, d)
    with pytest.raises(TypeError, match=r"takes 4 arguments"):
        axpy[1, 4](d, d)


@pytest.mark.gpu
def test_cupy_arrays_and_streams():
    cp = pytest.importorskip("cupy")
    axpy = make_axpy(cuda.jit)
    x = cp.arange(100, dtype=cp.float32)
    out = cp.zeros_like(x)
    stream = cp.cuda.Stream(non_blocking=True)
    for a in (2.0, 4.0):
        axpy[1, 128, stream](np.float32(a), x, x, out)
    stream.synchronize()
    np.testing.assert_array_equal(cp.asnumpy(out), 5 * np.arange(100, dtype=np.float32))
    assert axpy._dispatch_entries() == 1
    xt = x.reshape(10, 10).T  # Fortran order: refused by a C kernel, or another overload

    @cuda.jit
    def copy2d(src, dst):
        i, j = cuda.grid(2)
        if i < dst.shape[0] and j < dst.shape[1]:
            dst[i, j] = src[i, j]

    dst = cp.zeros((10, 10), dtype=cp.float32)
    copy2d[(1, 1), (16, 16)](xt, dst)
    copy2d[(1, 1), (16, 16)](xt, dst)
    np.testing.assert_array_equal(cp.asnumpy(dst), cp.asnumpy(xt))


@pytest.mark.gpu
def test_torch_tensors_and_streams():
    torch = pytest.importorskip("torch")
    axpy = make_axpy(cuda.jit)
    x = torch.arange(100, dtype=torch.float32, device="cuda")
    out = torch.zeros_like(x)
    stream = torch.cuda.Stream()
    for a in (2.0, 4.0):
        axpy[1, 128, stream](np.float32(a), x, x, out)
    stream.synchronize()
    np.testing.assert_array_equal(out.cpu().numpy(), 5 * np.arange(100, dtype=np.float32))
    assert axpy._dispatch_entries() == 1
    reader = pyjit._ext.ext().launch_type_reader(torch.Tensor)
    version = tuple(int(p) for p in torch.__version__.split("+")[0].split(".")[:2])
    if version >= (2, 10):  # torch's own DLPack C exchange API
        assert reader == "torch: dlpack_c_exchange_api"
    else:
        assert reader == "torch: to_dlpack"
    view = x[::3]
    res = torch.zeros(view.shape[0], dtype=torch.float32, device="cuda")
    axpy[1, 128](np.float32(1), view, view, res)
    axpy[1, 128](np.float32(1), view, view, res)
    np.testing.assert_array_equal(res.cpu().numpy(), 2 * np.arange(100, dtype=np.float32)[::3])
    with pytest.raises(TypeError, match="argument 'x'"):
        axpy[1, 128](np.float32(1), torch.zeros(4), x, out)  # a CPU tensor


@pytest.mark.gpu
def test_torch_fast_path_reads_layout_offset_and_dtype():
    # The second launch of each goes through the C++ reader (DLPack); its
    # results must equal the first's, which the Python path launched.
    torch = pytest.importorskip("torch")

    @cuda.jit
    def copy2d(src, dst):
        i, j = cuda.grid(2)
        if i < dst.shape[0] and j < dst.shape[1]:
            dst[i, j] = src[i, j]

    base = torch.arange(60, dtype=torch.int64, device="cuda").reshape(6, 10)
    expect = np.arange(60, dtype=np.int64).reshape(6, 10)
    for src, ref in ((base, expect), (base.T, expect.T), (base[1:, 3:], expect[1:, 3:]),
                     (base[::2, ::3], expect[::2, ::3])):
        for _ in range(2):
            dst = torch.zeros(tuple(src.shape), dtype=torch.int64, device="cuda")
            copy2d[(1, 1), (16, 16)](src, dst)
            np.testing.assert_array_equal(dst.cpu().numpy(), ref)
    assert copy2d._dispatch_entries() == 3  # C, F and any layout
    c = torch.arange(8, device="cuda").to(torch.complex64) * (1 + 2j)
    for _ in range(2):
        dst = torch.zeros((1, 8), dtype=torch.complex64, device="cuda")
        copy2d[1, (1, 8)](c.reshape(1, 8), dst)
        np.testing.assert_array_equal(dst.cpu().numpy()[0], np.arange(8) * (1 + 2j))
    b = torch.tensor([[True, False, True]], device="cuda")
    for _ in range(2):
        dst = torch.zeros((1, 3), dtype=torch.bool, device="cuda")
        copy2d[1, (1, 4)](b, dst)
        assert dst.cpu().tolist() == [[True, False, True]]


@pytest.mark.gpu
def test_torch_tensors_that_require_grad_are_taken_as_their_memory():
    # As Triton takes them (kernels inside autograd Functions): the first
    # launch (Python path) and the later ones (C++ path) alike.
    torch = pytest.importorskip("torch")
    axpy = make_axpy(cuda.jit)
    x = torch.arange(8, dtype=torch.float32, device="cuda", requires_grad=True)
    out = torch.zeros(8, dtype=torch.float32, device="cuda")
    for a in (2.0, 3.0):
        axpy[1, 32](np.float32(a), x, x, out)
        np.testing.assert_array_equal(out.cpu().numpy(), (a + 1) * np.arange(8, dtype=np.float32))
    assert axpy._dispatch_entries() == 1


@pytest.mark.gpu
def test_torch_conjugate_and_negative_views_are_refused():
    # A lazily conjugated (or negated) view shares the base's memory with a
    # flag; its __cuda_array_interface__ and DLPack give that memory as it
    # is, so reading it would give the unconjugated values.
    torch = pytest.importorskip("torch")

    @cuda.jit
    def copy(src, dst):
        i = cuda.grid(1)
        if i < dst.size:
            dst[i] = src[i]

    z = torch.arange(4, device="cuda").to(torch.complex64) * (1 + 1j)
    dst = torch.zeros(4, dtype=torch.complex64, device="cuda")
    for _ in range(2):  # the second launch of z: the fast path
        copy[1, 4](z, dst)
    np.testing.assert_array_equal(dst.cpu().numpy(), np.arange(4) * (1 + 1j))
    for _ in range(2):
        with pytest.raises(TypeError, match=r"argument 'src' .*conjugate view.*resolve_conj"):
            copy[1, 4](z.conj(), dst)
    copy[1, 4](z.conj().resolve_conj(), dst)
    np.testing.assert_array_equal(dst.cpu().numpy(), np.arange(4) * (1 - 1j))
    imag = z.conj().imag  # the negative bit on a float32 view
    assert imag.is_neg()
    real_dst = torch.zeros(4, dtype=torch.float32, device="cuda")
    copy[1, 4](z.real.contiguous(), real_dst)  # a float32 overload on the fast path
    copy[1, 4](z.real.contiguous(), real_dst)
    for _ in range(2):
        with pytest.raises(TypeError, match=r"argument 'src' .*negative view.*resolve_neg"):
            copy[1, 4](imag, real_dst)
    copy[1, 4](imag.resolve_neg(), real_dst)
    np.testing.assert_array_equal(real_dst.cpu().numpy(), -np.arange(4, dtype=np.float32))


# DLPack 1.3's C exchange API (dlpack.h: DLPackExchangeAPI), built with ctypes
# as a producer's C code would lay it out.
class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", _DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


class _ExchangeApi(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint32), ("minor", ctypes.c_uint32), ("prev_api", ctypes.c_void_p),
                ("managed_tensor_allocator", ctypes.c_void_p),
                ("managed_tensor_from_py_object_no_sync", ctypes.c_void_p),
                ("managed_tensor_to_py_object_no_sync", ctypes.c_void_p),
                ("dltensor_from_py_object_no_sync", ctypes.c_void_p),
                ("current_work_stream", ctypes.c_void_p)]


_DLTensorFromPyObject = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.py_object, ctypes.POINTER(_DLTensor))
_capsule_new = ctypes.pythonapi.PyCapsule_New
_capsule_new.restype = ctypes.py_object
_capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]


def _exchange_capsule(fill, major=1, minor=3, prev=None, name=b"dlpack_exchange_api"):
    """A capsule holding an exchange table whose dltensor_from_py_object_no_sync
    is `fill` (a _DLTensorFromPyObject, or None); the table, the callback and
    the name stay alive as attributes of the returned holder."""
    api = _ExchangeApi(major, minor, ctypes.addressof(prev.api) if prev else None)
    if fill is not None:
        api.dltensor_from_py_object_no_sync = ctypes.cast(fill, ctypes.c_void_p)

    class Holder:
        pass
    holder = Holder()
    holder.api, holder.fill, holder.name, holder.prev = api, fill, name, prev
    holder.capsule = _capsule_new(ctypes.addressof(api), name, None)
    return holder


def _never_called(obj, out):
    raise AssertionError("registration must not read an object")


def test_dlpack_exchange_api_capsules_are_checked_at_registration():
    ext = pyjit._ext.ext()
    fill = _DLTensorFromPyObject(_never_called)
    good = _exchange_capsule(fill)

    class Producer:
        pass
    ext.register_launch_type(Producer, "torch", good.capsule)
    assert ext.launch_type_reader(Producer) == "torch: dlpack_c_exchange_api"
    # A newer major version leads, through prev_api, to a version-1 table.
    newer = _exchange_capsule(None, major=2, minor=0, prev=good)

    class Newer:
        pass
    ext.register_launch_type(Newer, "torch", newer.capsule)
    assert ext.launch_type_reader(Newer) == "torch: dlpack_c_exchange_api"

    class Refused:
        pass
    for bad in (_exchange_capsule(fill, name=b"dltensor"),  # another capsule
                _exchange_capsule(None),                    # no DLTensor exporter
                _exchange_capsule(fill, major=2)):          # only a newer version
        with pytest.raises(ValueError, match="not a DLPack exchange API"):
            ext.register_launch_type(Refused, "torch", bad.capsule)
    assert ext.launch_type_reader(Refused) is None
    with pytest.raises(TypeError, match="takes a reader"):
        ext.register_launch_type(Refused, "cupy", good.capsule)
    assert ext.launch_type_reader(np.float64) == "scalar"


@pytest.mark.gpu
def test_dlpack_exchange_api_reader_fills_pointer_shape_and_strides():
    # A producer type with DLPack's C exchange table (as torch.Tensor has it)
    # over a strided device-array view: the first launch goes through Python
    # (its __cuda_array_interface__), the later ones through the table.
    host = np.arange(60, dtype=np.int64).reshape(6, 10)
    base = cuda.to_device(host)
    reads = []

    class Producer:
        def __init__(self, view):
            self.view = view
            self.__cuda_array_interface__ = view.__cuda_array_interface__
            self.shape = (ctypes.c_int64 * view.ndim)(*view.shape)
            self.strides = (ctypes.c_int64 * view.ndim)(*(s // 8 for s in view.strides))

        def is_neg(self):
            return False

    def fill(obj, out):
        reads.append(obj)
        t = out.contents
        t.data = obj.__cuda_array_interface__["data"][0] - 8  # byte_offset adds it back
        t.byte_offset = 8
        t.device = _DLDevice(2, 0)  # kDLCUDA, device 0
        t.ndim = obj.view.ndim
        t.dtype = _DLDataType(0, 64, 1)  # kDLInt, 64 bits
        t.shape = ctypes.cast(obj.shape, ctypes.POINTER(ctypes.c_int64))
        t.strides = ctypes.cast(obj.strides, ctypes.POINTER(ctypes.c_int64))
        return 0
    table = _exchange_capsule(_DLTensorFromPyObject(fill))
    pyjit._ext.ext().register_launch_type(Producer, "torch", table.capsule)

    @cuda.jit
    def copy2d(src, dst):
        i, j = cuda.grid(2)
        if i < dst.shape[0] and j < dst.shape[1]:
            dst[i, j] = src[i, j]

    src = Producer(base[1:, ::3])
    for _ in range(3):
        dst = cuda.device_array((5, 4), dtype=np.int64)
        copy2d[1, (8, 8)](src, dst)
        np.testing.assert_array_equal(dst.copy_to_host(), host[1:, ::3])
    assert copy2d._dispatch_entries() == 1
    assert len(reads) >= 2 and all(r is src for r in reads)


@pytest.mark.gpu
def test_cuda_stream_protocol_object():
    s = cuda.stream()

    class Foreign:
        def __cuda_stream__(self):
            return (0, s.handle)

    axpy = make_axpy(cuda.jit)
    d = cuda.to_device(np.arange(8, dtype=np.float32))
    out = cuda.device_array(8, np.float32)
    foreign = Foreign()
    launcher = axpy[1, 8, foreign]
    assert launcher.stream is foreign  # as given (numba's)
    launcher(np.float32(1), d, d, out)
    s.synchronize()
    np.testing.assert_array_equal(out.copy_to_host(), 2 * np.arange(8, dtype=np.float32))


def test_the_exact_signature_wins_over_a_converting_one(jit):
    @jit(["void(float64[::1], float32)", "void(float64[::1], float64)"])
    def store(out, v):
        out[0] = v

    out = np.zeros(1)
    store[1, 1](out, 0.1)  # a Python float is float64: not rounded through float32
    assert out[0] == 0.1
    store[1, 1](out, np.float32(0.1))
    assert out[0] == np.float64(np.float32(0.1))

    @jit(["void(float64[::1], int32)", "void(float64[::1], float64)"])
    def store2(out, v):
        out[0] = v

    store2[1, 1](out, 2.5)
    assert out[0] == 2.5
    store2[1, 1](out, np.int16(-3))  # int16 -> int32 is safe, -> float64 too: the first
    assert out[0] == -3


def test_complex_is_not_passed_to_a_real_parameter(jit):
    @jit("void(float64[::1], float64)")
    def store(out, v):
        out[0] = v

    with pytest.raises(TypeError, match="argument 'v' is complex64"):
        store[1, 1](np.zeros(1), np.complex64(1 + 2j))


def test_float16_scalars(jit):
    @jit
    def store(out, a, b):
        out[0] = a
        out[1] = b

    out = np.zeros(2, np.float32)
    store[1, 1](out, np.float16(2.5), np.float32(7))
    np.testing.assert_array_equal(out, [2.5, 7])

    @jit("void(float32[::1], float16)")
    def half(out, v):
        out[0] = v

    half[1, 1](out, 3.7)  # rounded to float16 as numpy does
    assert out[0] == np.float32(np.float16(3.7))


def test_configuration_checks_do_not_depend_on_earlier_launches(jit):
    noop = make_noop(jit)
    noop[1, 4](np.zeros(1))
    noop[1, 4, 0, 0](np.zeros(1))
    for config in ((1.0, 4), (True, 4), (1, 4, 0, 0.0), (1, 4, 0, False)):
        with pytest.raises(TypeError):
            noop[config]


def test_keyword_arguments_and_bad_stream_handles_are_refused(jit):
    noop = make_noop(jit)
    with pytest.raises(TypeError, match=r"kernel 'noop' takes its arguments by position only, "
                                        r"not by keyword \('a'\)"):
        noop[1, 1](a=np.zeros(1))
    with pytest.raises(ValueError, match="unsigned 64-bit"):
        noop[1, 1, -5]


def test_jit_with_a_signature_of_a_function_returning_a_value_is_numba_jits(jit):
    # numba.jit("int32(int32, int32)") is a CPU function; pyjit.jit (cuda.jit)
    # makes the same of a function returning a value: Python from the host, a
    # device function of that signature in kernels (as pyjit.njit(sig)).
    for sig in ("int32(int32, int32)", "(int32, int32)", ["int64(int64, int64)"]):
        add = pyjit.jit(sig)(lambda a, b: a + b)
        assert add(2, 3) == 5
        assert not hasattr(add, "specialized") or not add.specialized

        @jit
        def use(out):
            out[cuda.grid(1)] = add(out[cuda.grid(1)], 10)

        out = np.arange(4, dtype=np.int64)
        use[1, 4](out)
        assert out.tolist() == [10, 11, 12, 13]


def test_kernel_signatures_must_return_void_and_cache_must_be_bool():
    with pytest.raises(TypeError, match="starts with 'void\\("):
        cuda.jit("int32(int32)")(lambda a: None)
    # numba-cuda's test_non_void_return_type matches this wording.
    with pytest.raises(TypeError, match="must have void return type"):
        cuda.compile_ptx(lambda x, y: x[0] + y[0], "int32(int32[::1], int32[::1])")
    with pytest.raises(TypeError, match="must have void return type"):
        cuda.compile_ptx(lambda x: None, "int32(int32)")
    # numba-cuda's test_compiler: no return type given, the function returns one.
    with pytest.raises(TypeError, match="must have void return type, and '_returns_one' "
                                        "returns a value"):
        cuda.compile_ptx(_returns_one, (pyjit.float32,))
    with pytest.raises(TypeError, match="must have void return type, and '<lambda>'"):
        cuda.compile_ptx(lambda x: x + 1, (pyjit.float32,))
    # A lambda whose result is None is a kernel (numba-cuda's
    # test_compile_ptx_arch_specific: compile_ptx(lambda: None, (), cc=...)).
    ptx, restype = cuda.compile_ptx(lambda: None, (), cc=(9, 0, "a"))
    assert ".target sm_90a" in ptx and restype is pyjit.void
    # Two lambdas of the same parameters on one line: told apart by where
    # their code lies (co_positions), the second one returning None.
    first, second = (lambda: 0, lambda: None)
    assert cuda.compile_ptx(second, ())[1] is pyjit.void
    with pytest.raises(pyjit.CompileError, match="a kernel cannot return a value"):
        cuda.compile_ptx(first, ())


def _returns_one(x):
    return 1
    with pytest.raises(TypeError, match="option cache must be True or False"):
        cuda.jit(cache=0)(make_noop.__code__ and (lambda a: None))


def _column0_continuation(out):
    out[0] = 1 \
+ 2
    out[1] = 7


def test_body_lines_at_column_zero_are_part_of_the_kernel(jit):
    k = jit(_column0_continuation)
    out = np.zeros(2, np.int64)
    k[1, 1](out)
    np.testing.assert_array_equal(out, [3, 7])


def _scaled(out, x, factor=3):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] * factor


def test_omitted_arguments_take_their_defaults_and_numpy_bools_pass_as_ints(jit):
    k = jit(_scaled)
    x = np.arange(4, dtype=np.int64)
    out = np.zeros_like(x)
    k[1, 4](out, x)
    np.testing.assert_array_equal(out, 3 * x)
    k[1, 4](out, x, 5)
    np.testing.assert_array_equal(out, 5 * x)

    @jit("void(int32[::1], int32)")
    def store(o, v):
        o[0] = v

    o = np.zeros(1, np.int32)
    store[1, 1](o, np.bool_(True))
    assert o[0] == 1


def test_device_array_parameters_live_in_the_object_for_the_launch_path():
    """DeviceArray derives from the extension's ArrayAbi, which keeps the packed kernel
    parameters (data pointer, extents, byte strides) where the C++ launch path reads
    them; a malformed value is refused, not stored."""
    import struct
    from pyjit._ext import ext
    d = cuda.to_device(np.arange(12, dtype=np.float32).reshape(3, 4))
    assert isinstance(d, ext().ArrayAbi)
    packed, type_name = d._pyjit_abi
    assert struct.unpack("<5q", packed) == (d.device_ctypes_pointer.value, 3, 4, 16, 4)
    assert type_name == "array(float32, 2d, C)"
    with pytest.raises(TypeError, match="1 \\+ 2\\*ndim int64 words"):
        d._pyjit_abi = (b"\0" * 16, type_name)   # two words: no ndim fits
    assert d._pyjit_abi[0] == packed             # unchanged


def test_empty_tuples_are_kernel_arguments(jit):
    # numba's test_array_args test_empty_tuple / test_tuple_of_empty_tuples.
    @jit
    def f(r, x, y):
        r[0] = len(x)
        r[1] = len(x[0])
        r[2] = len(x[1])
        r[3] = x[1][1] + y

    r = np.zeros(4, np.int64)
    f[1, 1](r, ((), (5, 6)), 7)
    assert r.tolist() == [2, 0, 2, 13]

    @jit
    def g(r, x, y):
        r[0] = len(x) + y

    g[1, 1](r, (), 9)
    g[1, 1](r, (), 9)   # again, through the cached launch
    assert r[0] == 9


def test_forall_counts_are_ints_and_cpu_limits_name_the_backend(jit):
    @jit
    def k(a):
        a[0] = 1

    with pytest.raises(TypeError, match=r"forall\(\) ntasks must be an int, got 2.5"):
        k.forall(2.5)
    with pytest.raises(TypeError, match=r"forall\(\) tpb must be an int"):
        k.forall(4, tpb=32.0)
    if type(jit).__name__ == "_CpuJit":
        with pytest.raises(ValueError, match=r"kernel 'k' on the CPU backend \(with CUDA's "
                                             r"limits\): a block of \(2000, 1, 1\)"):
            k[1, 2000](np.zeros(1))


def test_variadic_and_keyword_only_kernel_parameters_are_named(jit):
    @jit
    def k(a, *args):
        a[0] = 1

    @jit
    def k2(a, *, n):
        a[0] = n

    for extra in ((), (1.0,), (1.0, 2.0)):
        with pytest.raises(TypeError, match=r"kernel 'k' has the parameter \*args: kernels take "
                                            r"positional parameters only \(a tuple parameter"):
            k[1, 1](np.zeros(1), *extra)
    with pytest.raises(TypeError, match=r"kernel 'k2' has the parameter n \(keyword-only\): "
                                        r"kernels take positional parameters only$"):
        k2[1, 1](np.zeros(1), 2)


def test_dynamic_shared_memory_beyond_48_kib_opts_in(jit):
    # Kernels opt in to the device's largest shared memory per block (227 KiB
    # on sm_90); CUDA's default without opt-in is 48 KiB.
    @jit
    def total(out, n):
        buf = cuda.shared.array(0, np.float32)
        for j in range(cuda.threadIdx.x, n, cuda.blockDim.x):
            buf[j] = j
        cuda.syncthreads()
        if cuda.threadIdx.x == 0:
            s = 0.0
            for j in range(n):
                s += buf[j]
            out[0] = s

    out = np.zeros(1)
    n = 25_000  # 100,000 bytes
    total[1, 128, 0, 4 * n](out, n)
    assert out[0] == n * (n - 1) // 2
    with pytest.raises(ValueError, match="bytes of dynamic shared memory exceed the device's "
                                         "limit of"):
        total[1, 128, 0, 1 << 20](out, n)


@pytest.mark.parametrize("carveout", ["MaxL1", "MaxShared", "default", 0, 50, 100, -1])
def test_shared_memory_carveout_values(jit, carveout):
    # numba-cuda's option: a hint to the driver, results unchanged
    @jit(shared_memory_carveout=carveout)
    def add_one(x):
        i = cuda.grid(1)
        if i < x.size:
            x[i] = i + 1

    x = np.zeros(10, np.int32)
    add_one[1, 10](x)
    np.testing.assert_array_equal(x, np.arange(1, 11))


@pytest.mark.parametrize("carveout, message", [
    (150, "must be between -1 and 100"), (-2, "must be between -1 and 100"),
    (101, "must be between -1 and 100"), ("InvalidOption", "Invalid carveout value"),
    (1.5, "Invalid carveout value")])
def test_shared_memory_carveout_bad_values(carveout, message):
    with pytest.raises(ValueError, match=message):
        @cuda.jit(shared_memory_carveout=carveout)
        def add_one(x):
            x[0] = 1


class _DefaultIn:
    """numba-cuda's test_retrieve_autoconverted_arrays handler: host arrays
    go in as cuda.In (copied to the device, not back)."""

    def __init__(self):
        self.seen = []

    def prepare_args(self, ty, val, stream=None, retr=None):
        self.seen.append(str(ty))
        if isinstance(val, np.ndarray):
            return ty, cuda.In(val)
        return ty, val


class _Doubler:
    """Maps scalars (applied before _DefaultIn: extensions run last to first)
    and adds a write-back."""

    def __init__(self):
        self.written_back = 0

    def prepare_args(self, ty, val, stream=None, retr=None):
        retr.append(self._write_back)
        return (ty, val * 2) if isinstance(val, int) else (ty, val)

    def _write_back(self):
        self.written_back += 1


def test_extensions_map_every_argument_of_every_launch(jit):
    # numba's Dispatcher.extensions: a real list; appending after launches
    # that took the fast path (device arrays, on a GPU) still applies to the
    # next launch.
    @jit
    def set_to(arr, v):
        arr[0] = v

    dev = cuda.to_device(np.zeros(1, dtype=np.int64))
    for _ in range(3):
        set_to[1, 1](dev, 5)
    assert dev.copy_to_host()[0] == 5
    doubler = _Doubler()
    set_to.extensions.append(doubler)
    set_to[1, 1](dev, 5)
    assert dev.copy_to_host()[0] == 10 and doubler.written_back == 2  # one per argument
    set_to.extensions = [_DefaultIn()]  # assigned: the doubler is gone
    host = np.zeros(1, dtype=np.int64)
    for _ in range(2):
        set_to[1, 1](host, 3)
        assert host[0] == 0  # cuda.In: not copied back
    assert set_to.extensions[0].seen == ["array(int64, 1d, C)", "int64"] * 2
    set_to.extensions.clear()
    set_to[1, 1](host, 4)
    assert host[0] == 4 and doubler.written_back == 2


def test_extensions_option_is_numbas():
    with pytest.raises(TypeError, match="option extensions must be a list of objects with a "
                                        "prepare_args"):
        cuda.jit(extensions=[object()])(lambda a: None)
    k = cuda.jit(extensions=[_DefaultIn()])(_set_first)
    assert len(k.extensions) == 1


def _set_first(a):
    a[0] = 1


class _WrapDefaultIn:
    """numba-cuda's test_retrieve_autoconverted_arrays extension, written
    with numba.cuda.args.wrap_arg."""

    def prepare_args(self, ty, val, **kwargs):
        from pyjit.cuda.args import wrap_arg
        return ty, wrap_arg(val, default=cuda.In)


def test_wrap_arg_and_argument_hints_of_numba_cuda_args(jit):
    from pyjit.cuda import args
    assert args.In is cuda.In and args.InOut is cuda.InOut and args.Out is cuda.Out
    x = np.zeros(2)
    hinted = cuda.Out(x)
    assert args.wrap_arg(hinted) is hinted and isinstance(args.wrap_arg(x), args.ArgHint)
    assert type(args.wrap_arg(x)) is cuda.InOut and type(args.wrap_arg(x, cuda.In)) is cuda.In
    k = jit(extensions=[_WrapDefaultIn()])(_set_first)
    host = np.zeros(1)
    k[1, 1](host)
    assert host[0] == 0          # wrapped in In: not copied back
    k[1, 1](cuda.InOut(host))
    assert host[0] == 1          # a hint given stays as it is
    # ArgHint.to_device: copied in, and back through the list it fills.
    retr = []
    dev = cuda.InOut(np.arange(3.0)).to_device(retr)
    np.testing.assert_array_equal(dev.copy_to_host(), [0.0, 1.0, 2.0])
    assert len(retr) == 1
    kept = []
    dev_in = cuda.In(np.arange(3.0)).to_device(kept)
    assert len(kept) == 1 and kept[0]() is dev_in  # numba's: keeps the copy alive


def test_numpy_array_subclasses_are_copied_in_and_back(jit, tmp_path):
    # numba copies any host ndarray: np.recarray (numba-cuda's
    # test_record_dtype and test_sm pass them) and np.memmap too. On a GPU
    # pyjit once copied only exact np.ndarray objects and refused these
    # ("expected a device array").
    rec = np.dtype([("i", np.int32), ("x", np.float64)])

    @jit
    def bump(r, m):
        k = cuda.grid(1)
        if k < r.size:
            r[k].x = r[k].i * 2.5
            m[k] += 1.0

    r = np.recarray(64, dtype=rec)
    r.i = np.arange(64)
    r.x = 0.0
    m = np.memmap(tmp_path / "m.dat", dtype=np.float64, mode="w+", shape=(64,))
    m[:] = np.arange(64.0)
    bump[1, 64](r, m)
    np.testing.assert_array_equal(r.x, np.arange(64) * 2.5)
    np.testing.assert_array_equal(np.asarray(m), np.arange(64.0) + 1.0)


def test_the_same_host_array_twice_is_two_copies(jit):
    # numba copies each numpy argument to the device and back in argument
    # order: the kernel reads the unshifted source however its threads run.
    @jit
    def shift_right(src, dst):
        i = cuda.grid(1)
        if 0 < i < src.size:
            dst[i] = src[i - 1]

    a = np.arange(10.0)
    shift_right[1, 16](a, a)
    np.testing.assert_array_equal(a, [0, 0, 1, 2, 3, 4, 5, 6, 7, 8])
    # Overlapping views: dst's copy is copied back last.
    b = np.arange(12.0)
    shift_right[1, 16](b[2:], b[:-2])
    expected = np.arange(12.0)
    expected[1:10] = np.arange(12.0)[2:11]  # dst[i] = src[i - 1] = b[i + 1]
    np.testing.assert_array_equal(b, expected)


def test_a_hinted_array_passed_again_plainly_is_copied_back(jit):
    # Hints belong to argument positions: the plain second `a` is copied
    # back (numba's), though cuda.In's copy of the same array is not.
    @jit
    def write_second(a, b):
        i = cuda.grid(1)
        if i < b.size:
            b[i] = 7

    a = np.arange(8.0)
    write_second[1, 8](cuda.In(a), a)
    np.testing.assert_array_equal(a, np.full(8, 7.0))
    a = np.arange(8.0)
    write_second[1, 8](a, cuda.In(a))
    np.testing.assert_array_equal(a, np.arange(8.0))


def test_a_read_only_input_overlapping_an_output_is_not_copied_back(jit):
    # As a GPU launch copies numpy arrays: the input is read as it was at the
    # launch, and only writable arrays come back (the CPU backend copied the
    # read-only one back too, a ValueError after the kernel had run).
    @jit
    def bump(out, inp):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = inp[i] + 1

    a = np.arange(4.0)
    bump[1, 4](a, np.broadcast_to(a[:1], (4,)))
    assert a.tolist() == [1.0, 1.0, 1.0, 1.0]


def test_a_list_argument_says_to_pass_a_numpy_array(jit):
    # (it said only "values of type list are not supported as kernel arguments")
    noop = make_noop(jit)
    with pytest.raises(TypeError, match=r"values of type list are not supported as kernel "
                                        r"arguments \(pass np.asarray\(...\) of it, a NumPy "
                                        r"array\)"):
        noop[1, 1]([1.0, 2.0])
    with pytest.raises(TypeError, match=r"values of type object are not supported as kernel "
                                        r"arguments$"):
        noop[1, 1](object())
