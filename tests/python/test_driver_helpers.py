"""numba.cuda.cudadrv.driver's low-level memory helpers and the context
methods numba programs call (create_stream, create_event, memallocmanaged),
and numpy arrays over memhostalloc'd memory. Expected bytes are written by
hand or by numpy; these run on a GPU where there is one, else on the CPU
backend (whose device memory is host memory)."""
import numpy as np
import pytest

from pyjit import cuda
from pyjit.cuda.cudadrv import driver


def test_memset_and_copies_between_host_and_device_memory():
    ctx = cuda.current_context()
    mem = ctx.memalloc(1024)
    assert driver.is_device_memory(mem) and driver.device_memory_size(mem) == 1024
    assert driver.device_pointer(mem) == int(mem.handle) == mem.device_pointer_value
    driver.device_memset(mem, 0xAB, 1024)
    host = np.zeros(1024, np.uint8)
    driver.device_to_host(host, mem, 1024)
    assert (host == 0xAB).all()
    src = np.arange(256, dtype=np.int32)
    driver.host_to_device(mem, src, src.nbytes)
    d = cuda.device_array(256, np.int32)
    driver.device_to_device(d, mem, src.nbytes)
    np.testing.assert_array_equal(d.copy_to_host(), src)
    driver.device_memset(d, 0, 512)  # the first 128 int32s
    np.testing.assert_array_equal(d.copy_to_host(), np.where(src < 128, 0, src))
    part = np.zeros(8, np.int32)
    driver.device_to_host(part, d, 32)
    assert (part == 0).all()


def test_copies_on_a_stream():
    ctx = cuda.current_context()
    stream = ctx.create_stream()
    mem = ctx.memalloc(64)
    src = np.arange(16, dtype=np.float32)
    driver.host_to_device(mem, src, 64, stream=stream)
    out = cuda.pinned_array(16, np.float32)
    driver.device_to_host(out, mem, 64, stream=stream)
    stream.synchronize()
    np.testing.assert_array_equal(out, src)


def test_sizes_and_extents():
    a = np.arange(256, dtype=np.int32)
    assert driver.host_memory_size(a) == 1024
    assert driver.host_memory_size(a[::2]) == 127 * 8 + 4   # first to last element
    assert driver.host_memory_size(a[::-2]) == 127 * 8 + 4
    lo, hi = driver.host_memory_extents(a[::-1])
    assert (lo, hi) == (a.ctypes.data, a.ctypes.data + 1024)
    assert driver.host_memory_size(bytearray(10)) == 10
    assert driver.host_pointer(a) == a.ctypes.data and driver.host_pointer(5) == 5
    d = cuda.device_array(10, np.float64)
    assert driver.device_memory_size(d) == 80
    assert driver.device_memory_size(d[2:]) == 64  # to the end of the allocation


def test_bad_arguments_raise_instead_of_writing_past_memory():
    mem = cuda.current_context().memalloc(16)
    with pytest.raises(ValueError, match="host_to_device: 32 bytes do not fit in the device "
                                         "memory's 16 bytes"):
        driver.host_to_device(mem, np.zeros(32, np.uint8), 32)
    with pytest.raises(ValueError, match="device_to_host: 16 bytes do not fit in the host "
                                         "object's 8 bytes"):
        driver.device_to_host(np.zeros(8, np.uint8), mem, 16)
    with pytest.raises(ValueError, match="read-only"):
        driver.device_to_host(bytes(16), mem, 16)
    with pytest.raises(TypeError, match="Not a CUDA memory object"):
        driver.device_memset(np.zeros(4), 0, 4)
    with pytest.raises(ValueError, match="one byte"):
        driver.device_memset(mem, 256, 4)
    with pytest.raises(TypeError, match="one byte"):
        driver.device_memset(mem, 1.5, 4)
    with pytest.raises(TypeError, match="the size is a number of bytes"):
        driver.host_to_device(mem, np.zeros(4, np.uint8), 4.0)
    with pytest.raises(TypeError, match="bytes-like"):
        driver.host_to_device(mem, "text", 4)


def test_numpy_arrays_over_memhostalloc_memory():
    ctx = cuda.current_context()
    mapped = ctx.memhostalloc(64, mapped=True)
    a = np.ndarray((4, 4), np.float32, buffer=mapped)  # numba's mapped_array is made so
    a[:] = np.arange(16, dtype=np.float32).reshape(4, 4)
    np.testing.assert_array_equal(np.frombuffer(mapped, np.float32), np.arange(16))
    assert driver.is_device_memory(mapped)  # mapped memory is also device memory
    back = np.zeros(16, np.float32)
    driver.device_to_host(back, mapped, 64)
    np.testing.assert_array_equal(back, np.arange(16))
    pinned = ctx.memhostalloc(32)
    assert not driver.is_device_memory(pinned)
    b = np.ndarray(4, np.float64, buffer=pinned)
    b[:] = 2.5
    assert memoryview(pinned).nbytes == 32 and np.frombuffer(pinned)[3] == 2.5


def test_context_makes_streams_events_and_managed_memory():
    ctx = cuda.current_context()
    s = ctx.create_stream()
    e = ctx.create_event()
    e.record(s)
    e.synchronize()
    assert isinstance(s, cuda.stream().__class__) and isinstance(e, cuda.event().__class__)
    managed = ctx.memallocmanaged(40)
    assert driver.device_memory_size(managed) == 40
    driver.host_to_device(managed, np.arange(5, dtype=np.int64), 40)
    out = np.zeros(5, np.int64)
    driver.device_to_host(out, managed, 40)
    np.testing.assert_array_equal(out, np.arange(5))


def test_context_streams_and_pending_deallocations():
    ctx = cuda.current_context()
    assert int(ctx.get_default_stream()) == 0
    assert int(ctx.get_legacy_default_stream()) == 1
    assert int(ctx.get_per_thread_default_stream()) == 2
    ext = ctx.create_external_stream(0x1000)
    assert ext.external and int(ext) == 0x1000
    # `cuda.current_context().deallocations.clear()` frees memory now in
    # numba; pyjit frees an allocation when its last array goes, so none
    # are pending.
    d = cuda.device_array(1000)
    del d
    ctx.deallocations.clear()
    assert len(ctx.deallocations) == 0
    with ctx.deallocations.disable():
        cuda.device_array(10)


def test_numba_module_paths_programs_import():
    # Each exists in numba-cuda 0.30.4 at this path.
    import importlib
    import pyjit
    for module, name in [("pyjit.cuda.cudadrv.driver", "driver"),
                         ("pyjit.cuda.cudadrv.driver", "CudaSupportError"),
                         ("pyjit.cuda.cudadrv.driver", "event_elapsed_time"),
                         ("pyjit.cuda.cudadrv.driver", "Device"),
                         ("pyjit.cuda.cudadrv.error", "CudaSupportError"),
                         ("pyjit.cuda.cudadrv.devices", "get_context"),
                         ("pyjit.cuda.cudadrv.devices", "gpus"),
                         ("pyjit.cuda.cudadrv.runtime", "runtime"),
                         ("pyjit.cuda.kernels.reduction", "Reduce"),
                         ("pyjit.cuda.errors", "KernelRuntimeError"),
                         ("pyjit.cuda.extending", "register_jitable")]:
        assert hasattr(importlib.import_module(module), name), (module, name)
    assert cuda.KernelRuntimeError is pyjit.KernelError
    # numba.cuda's `from .api import *` exports the devices and driver modules
    assert cuda.devices.gpus is cuda.gpus and cuda.driver is driver
    assert issubclass(cuda.KernelRuntimeError, RuntimeError)
    assert cuda.MappedMemory is driver.MappedMemory and cuda.reduction.Reduce is cuda.Reduce
    assert driver.CudaSupportError is cuda.CudaSupportError
    assert isinstance(cuda.get_current_device(), driver.Device)
    assert isinstance(cuda.current_context(), driver.Context)
    # pyjit kernels have no fp8 types: programs that check take the other path.
    assert cuda.is_fp8_supported() is False and cuda.get_current_device().supports_fp8 is False
    assert [d.id for d in cuda.gpus.lst] == [d.id for d in cuda.gpus]
    assert driver.memory_size_from_info((3, 4), (32, 8), 8) == 2 * 32 + 3 * 8 + 8
    assert driver.memory_size_from_info((0, 4), (32, 8), 8) == 0
    if cuda.is_available():
        major, minor = driver.driver.get_version()
        assert major >= 12 and driver.driver.is_available
    else:
        assert not driver.driver.is_available
        with pytest.raises(cuda.CudaSupportError):
            driver.driver.get_version()


def test_bad_memory_requests_raise_instead_of_crashing():
    import ctypes
    ctx = cuda.current_context()
    with pytest.raises(ValueError, match="cannot page-lock 16 bytes at address 0"):
        ctx.mempin(object(), 0, 16, mapped=True)
    for make in (ctx.memalloc, ctx.memallocmanaged, ctx.memhostalloc):
        with pytest.raises(ValueError, match="the size must be >= 0 bytes, got -1"):
            make(-1)
        with pytest.raises(TypeError, match="the size is a number of bytes"):
            make(1.5)
    for make in (cuda.pinned_array, cuda.mapped_array, cuda.managed_array):
        with pytest.raises(TypeError, match="dtype object cannot live in page-locked"):
            make(3, dtype=object)
        with pytest.raises(ValueError, match="order must be 'C' or 'F'"):
            make(3, order="X")
    with pytest.raises(TypeError, match="stream must be"):   # on every backend
        driver.device_memset(ctx.memalloc(4), 0, 4, stream="not a stream")
    assert driver.device_pointer(None) == 0                  # numba's
    # ctypes objects are host memory too (their bytes).
    value = ctypes.c_int64(0x0102030405060708)
    mem = ctx.memalloc(8)
    driver.host_to_device(mem, value, 8)
    out = np.zeros(1, np.int64)
    driver.device_to_host(out, mem, 8)
    assert out[0] == 0x0102030405060708


def test_copies_of_mapped_and_managed_arrays_are_plain_host_memory():
    # numpy makes copies and arithmetic results of the same subclass, in
    # ordinary memory: they have no __cuda_array_interface__ (it would
    # claim memory kernels cannot reach).
    for make, kind in ((cuda.mapped_array, "mapped"), (cuda.managed_array, "managed")):
        a = make(4, np.float32)
        a[:] = 1
        for b in (a.copy(), a + 1):
            assert not hasattr(b, "__cuda_array_interface__")
            assert not cuda.is_cuda_array(b)
            with pytest.raises(AttributeError, match="a copy of a %s array" % kind):
                b.__cuda_array_interface__
        assert cuda.is_cuda_array(a[1:])   # a view is still that memory
