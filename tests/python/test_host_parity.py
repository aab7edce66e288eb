"""numba.cuda host-API details programs rely on: CudaAPIError's code and msg,
the compute capability's fields, stream callbacks that raise, page-locking
strided views, an overload's resource attributes, numba's module paths and
isinstance classes, and the driver helpers on mapped and managed memory. On
the GPU and on the CPU backend; expected values from numba-cuda 0.30.4's
source (cited at each test) and numpy."""
import sys
import threading

import numpy as np
import pytest

import pyjit
from pyjit import cuda
from pyjit.cuda.cudadrv import driver


def test_cuda_api_error_has_code_and_msg():
    # numba: CudaAPIError(code, msg) keeps both (cudadrv/driver.py); an
    # ordinal past the last device is CUDA_ERROR_INVALID_DEVICE (101).
    with pytest.raises(driver.CudaAPIError) as info:
        cuda.select_device(len(cuda.gpus) + 3)
    assert info.value.code == 101
    assert "CUDA_ERROR_INVALID_DEVICE" in info.value.msg
    assert info.value.msg == str(info.value)


def test_cuda_error_constructed_in_numbas_order():
    e = driver.CudaAPIError(2, "out of memory")
    assert (e.code, e.msg, str(e)) == (2, "out of memory", "out of memory")
    e = pyjit.CudaError("launch failed", code=719)
    assert (e.code, e.msg) == (719, "launch failed")
    assert pyjit.CudaError("no code").code is None


def test_launch_config_error_code_is_invalid_value():
    @cuda.jit
    def k(a):
        a[0] = 1

    with pytest.raises(driver.CudaAPIError) as info:
        k[1, 4096](np.zeros(1))
    assert info.value.code == 1  # CUDA_ERROR_INVALID_VALUE, as cuLaunchKernel's
    # numba's test_launch_bounds matches the driver error's name in the message.
    assert "4096 threads" in str(info.value)
    assert str(info.value).endswith("(cuLaunchKernel would fail with CUDA_ERROR_INVALID_VALUE)")


def test_out_of_memory_is_cuda_api_error_with_code_2():
    # 2**60 bytes fits no GPU and no host: cuMemAlloc's (and the CPU
    # backend's) CUDA_ERROR_OUT_OF_MEMORY.
    with pytest.raises(driver.CudaAPIError) as info:
        cuda.device_array(2 ** 60, np.uint8)
    assert info.value.code == 2
    assert "CUDA_ERROR_OUT_OF_MEMORY" in str(info.value)


def test_compute_capability_has_major_and_minor():
    cc = cuda.get_current_device().compute_capability
    assert isinstance(cc, tuple) and len(cc) == 2
    assert (cc.major, cc.minor) == (cc[0], cc[1])
    assert cc == tuple(cc) and cc >= (5, 0)
    assert repr(cc) == "ComputeCapability(major=%d, minor=%d)" % tuple(cc)


def test_stream_callback_exception_is_reported_not_raised(monkeypatch):
    # numba runs the callback on a driver thread and turns its exception
    # into a warning; pyjit reports it as unraisable, on either backend.
    reported = []
    done = threading.Event()

    def hook(args):
        reported.append(args.exc_type)
        done.set()

    monkeypatch.setattr(sys, "unraisablehook", hook)
    s = cuda.stream()
    s.add_callback(lambda stream, status, arg: 1 / 0, None)  # does not raise here
    assert done.wait(10)
    s.synchronize()
    assert reported == [ZeroDivisionError]


def test_pinned_and_mapped_take_strided_views():
    # numba pins a strided view's whole span (host_memory_extents).
    a = np.arange(40.0).reshape(8, 5)
    r = np.arange(6.0)
    with cuda.pinned(a[:, 1], r[::-2]):  # (two pinned ranges must not overlap)
        d = cuda.to_device(a[:, 1])
        e = cuda.to_device(r[::-2])
    np.testing.assert_array_equal(d.copy_to_host(), a[:, 1])
    np.testing.assert_array_equal(e.copy_to_host(), [5, 3, 1])

    @cuda.jit
    def double(x):
        i, j = cuda.grid(2)
        if i < x.shape[0] and j < x.shape[1]:
            x[i, j] *= 2

    expected = a.copy()
    expected[1:7, ::2] *= 2
    with cuda.mapped(a[1:7, ::2]) as view:
        assert view.shape == (6, 3)
        double[(1, 1), (8, 4)](view)
        cuda.synchronize()
    np.testing.assert_array_equal(a, expected)


def test_overload_signature_and_argument_types():
    @cuda.jit
    def k(a, n):
        a[0] = n

    k[1, 1](np.zeros(2, np.float32), np.int32(3))
    (key,) = k.overloads.keys()
    overload = k.overloads[key]
    assert overload.argument_types == key
    assert str(overload.signature.return_type) == "none"
    assert tuple(overload.signature.args) == key
    assert [str(t) for t in key] == ["array(float32, 1d, C)", "int32"]
    # numba's _Kernel: launch(args, griddim, blockdim), inspect_types, entry_name
    d = cuda.to_device(np.zeros(2, np.float32))
    overload.launch((d, 7), 1, 1)  # a Python int: converted to this overload's int32
    assert d.copy_to_host()[0] == 7 and len(k.overloads) == 1
    import io
    text = io.StringIO()
    overload.inspect_types(text)
    assert text.getvalue().startswith("k (array(float32, 1d, C), int32)")
    assert isinstance(overload.entry_name, str) and overload.entry_name
    assert ".entry" in overload.inspect_lto_ptx()


@pytest.mark.gpu
def test_overload_resource_attributes_match_the_getters():
    @cuda.jit
    def k(a):
        s = cuda.shared.array(64, np.float32)
        s[cuda.threadIdx.x] = a[cuda.threadIdx.x]
        cuda.syncthreads()
        a[cuda.threadIdx.x] = s[63 - cuda.threadIdx.x]

    k[1, 64](np.zeros(64, np.float32))
    sig = k.signatures[0]
    overload = k.overloads[sig]
    assert overload.shared_mem_per_block == k.get_shared_mem_per_block(sig) == 256
    assert overload.regs_per_thread == k.get_regs_per_thread(sig) > 0
    assert overload.max_threads_per_block == k.get_max_threads_per_block(sig) >= 64
    assert overload.local_mem_per_thread == k.get_local_mem_per_thread(sig)
    assert overload.const_mem_size == k.get_const_mem_size(sig)


def test_overload_resource_attributes_say_why_on_the_cpu_backend():
    @cuda.jit(target="cpu")
    def k(a):
        a[0] = 1

    k[1, 1](np.zeros(1))
    with pytest.raises(RuntimeError, match="CPU backend"):
        k.overloads[k.signatures[0]].regs_per_thread


def test_dispatcher_copies_annotations_and_accepts_none_keywords():
    @cuda.jit(argtypes=None, restype=None)
    def k(a: "float64[:]"):
        a[0] = 5

    assert k.__annotations__ == {"a": "float64[:]"}
    a = np.zeros(2)
    k[1, 1](a)
    assert a[0] == 5
    with pytest.raises(TypeError, match="restype"):
        cuda.jit(restype="void")(lambda: None)
    # numba's DeprecationError (pyjit.core.errors has it), a TypeError too;
    # a device function's example is a device function's signature.
    from pyjit.core.errors import DeprecationError
    with pytest.raises(DeprecationError, match=r"option 'argtypes' was removed .* e.g. "
                                               r"@cuda.jit\('void\(float32\[:\], int32\)'\)"):
        cuda.jit(argtypes=("float32[:]",))(lambda a: None)
    with pytest.raises(DeprecationError, match=r"e.g. @cuda.jit\('float32\(float32, int32\)', "
                                               r"device=True\)"):
        cuda.jit("float32(float32)", restype="float32", device=True)(lambda d: d)


def test_cuda_dispatcher_isinstance():
    from pyjit.cuda.dispatcher import CUDADispatcher

    @cuda.jit
    def k(a):
        a[0] = 1

    @cuda.jit(device=True)
    def f(x):
        return x

    assert isinstance(k, CUDADispatcher) and isinstance(f, CUDADispatcher)
    assert not isinstance(k.py_func, CUDADispatcher)
    with pytest.raises(TypeError):
        CUDADispatcher()


def test_device_ndarray_base_covers_mapped_and_managed_arrays():
    from pyjit.cuda.cudadrv.devicearray import DeviceNDArrayBase
    assert isinstance(cuda.device_array(3), DeviceNDArrayBase)
    assert isinstance(cuda.mapped_array(3), DeviceNDArrayBase)
    assert isinstance(cuda.managed_array(3), DeviceNDArrayBase)
    assert not isinstance(np.zeros(3), DeviceNDArrayBase)


def test_module_paths_programs_import():
    from pyjit.cuda.cudadrv.devices import require_context

    @require_context
    def f(x):
        return x + 1

    assert f(1) == 2
    assert driver.driver.get_device(0).id == cuda.gpus[0].id
    assert len(cuda.current_context().memory_manager.deallocations) == 0


def test_driver_helpers_on_mapped_and_managed_arrays():
    # numba's test_host_alloc_mapped: device_memset and device_memory_size
    # take mapped memory.
    m = cuda.mapped_array(16, np.uint8)
    m[:] = 0
    driver.device_memset(m, 7, 16)
    cuda.synchronize()
    assert (m == 7).all()
    assert driver.device_memory_size(m) == 16
    assert driver.device_memory_size(m[4:]) == 12  # first element to the allocation's end
    managed = cuda.managed_array(8, np.float32)
    assert driver.device_memory_size(managed) == 32
    d = cuda.to_device(np.arange(10, dtype=np.int64))
    assert driver.device_memory_size(d.gpu_data) == 80


def test_zero_d_integer_array_indexes_a_device_array():
    d = cuda.to_device(np.arange(5) * 10)
    assert d[np.array(1)] == 10
    assert d[np.uint8(3)] == 30
    np.testing.assert_array_equal(d[np.array(1):np.array(3)].copy_to_host(), [10, 20])
    with pytest.raises(TypeError):  # advanced indexing: not for device arrays
        d[np.array([1])]
    with pytest.raises(IndexError):  # as numpy
        d[np.array(1.0)]


def test_a_shape_whose_bytes_pass_int64_is_too_big_not_empty():
    # 2**32 * 2**32 float32s are 2**66 bytes: int64 arithmetic wraps that to
    # 0 (an empty allocation that writes then overran); numpy and numba.cuda
    # refuse it (np.empty's ValueError).
    message = r"array is too big; `arr.size \* arr.dtype.itemsize` is larger than"
    with pytest.raises(ValueError, match=message):
        np.empty((2**32, 2**32), np.float32)
    with pytest.raises(ValueError, match=message):
        cuda.device_array((2**32, 2**32), np.float32)
    with pytest.raises(ValueError, match=message):
        cuda.device_array(2**61, np.float64)  # 2**64 bytes
    with pytest.raises(ValueError, match="array is too big"):  # no elements, an extent past int64
        cuda.device_array((0, 2**70))
    # 2**32 * 2**32 wraps to 0 in int64: an empty array's size; numpy refuses.
    with pytest.raises(ValueError, match="cannot reshape array of size 0"):
        np.empty(0).reshape(2**32, 2**32)
    with pytest.raises(ValueError, match="cannot reshape a device array of size 0"):
        cuda.device_array(0).reshape(2**32, 2**32)


def test_a_big_endian_array_comes_back_into_an_array_of_its_byte_order():
    # to_device copies big-endian data in native order; copying back into
    # an array of the original's dtype swaps again (numba keeps '>f4' on the
    # device, so its copy_to_host into the original's dtype works too).
    # (numpy 2's empty_like gives native order: np.empty keeps '>f4'.)
    a = np.arange(5, dtype=">f4") * 1.5
    d = cuda.to_device(a)
    assert d.dtype == np.float32
    back = np.empty(5, ">f4")
    d.copy_to_host(back)
    assert back.dtype == np.dtype(">f4") and back.tolist() == a.tolist()
    with pytest.raises(TypeError, match="incompatible dtype"):
        d.copy_to_host(np.empty(5, ">f8"))
    with pytest.raises(ValueError, match="incompatible shape"):  # (not broadcast)
        cuda.to_device(a[:1]).copy_to_host(np.empty(5, ">f4"))


def test_compile_error_has_msg_as_numbas_typing_error():
    # numba's TypingError and LoweringError carry the message as .msg
    # (numba-cuda's test_extending reads e.exception.msg).
    @cuda.jit
    def k(a):
        a[0] = undefined_name  # noqa: F821

    with pytest.raises(pyjit.CompileError) as info:
        k[1, 1](np.zeros(1))
    assert info.value.msg == str(info.value)
    assert "undefined_name" in info.value.msg
