"""numba.cuda.cudadrv.driver's low-level memory helpers, as
`pyjit.cuda.cudadrv.driver.<name>`, for programs written against them:

    mem = cuda.current_context().memalloc(1024)
    driver.device_memset(mem, 0, 1024)
    driver.host_to_device(mem, host_array, host_array.nbytes)

A *device memory object* is anything numba calls one (`__cuda_memory__`
true): a MemoryPointer (context.memalloc), a DeviceArray, mapped memory
(context.memhostalloc(mapped=True)). A *host object* is a numpy array or any
object with the buffer protocol (an int is taken as a host address, as numba
takes it, unchecked). Sizes are bytes. Unlike numba, a copy or memset larger
than either side's memory raises ValueError instead of writing past it; on
the CPU backend device memory is host memory and the copies are memmoves.
With a stream (pyjit's, numba's, or any stream object) host<->device copies
are asynchronous on it; device-to-device copies and memsets wait for the
stream's work, then run synchronously. Source of the names and signatures:
numba-cuda's cudadrv/driver.py.
"""
import ctypes

import numpy as np

from ._devicearray import _extent_bytes, host_memory
from ._emm import _byte_count, pointer_value
from ._ext import ext


def is_device_memory(obj):
    """Whether `obj` is a device memory object (numba's `__cuda_memory__`)."""
    return bool(getattr(obj, "__cuda_memory__", False))


def require_device_memory(obj):
    """Raises TypeError ("Not a CUDA memory object.", numba's text) unless
    `obj` is a device memory object."""
    if not is_device_memory(obj):
        raise TypeError("Not a CUDA memory object. (got %s)" % type(obj).__name__)


def device_ctypes_pointer(obj):
    """The device address of memory object `obj`, a ctypes c_void_p (None
    gives address 0, as in numba)."""
    if obj is None:
        return ctypes.c_void_p(0)
    require_device_memory(obj)
    return obj.device_ctypes_pointer


def device_pointer(obj):
    """The device address of memory object `obj`, an int."""
    return pointer_value(device_ctypes_pointer(obj))


def device_memory_size(devmem):
    """Bytes of device memory object `devmem`: a MemoryPointer's size, a
    DeviceArray's bytes from its first element to the end of its
    allocation."""
    require_device_memory(devmem)
    size = getattr(devmem, "_cuda_memsize_", None)
    if size is None:
        buffer = getattr(devmem, "_buffer", None)  # a DeviceArray's memory
        if buffer is None:
            raise TypeError("the size of device memory object %s is unknown (it has no "
                            "_cuda_memsize_)" % type(devmem).__name__)
        size = buffer.nbytes
    return size


def _as_host_array(obj, writable):
    """`obj` as a numpy array over the same bytes; TypeError for an object
    without the buffer protocol, ValueError for read-only memory written."""
    if isinstance(obj, np.ndarray):
        arr = obj
    else:  # any buffer (bytes, ctypes objects, ...): its bytes, whatever its format
        view = memoryview(obj)
        arr = np.frombuffer(view.cast("B"), np.uint8) if view.c_contiguous else np.asarray(view)
    if writable and not arr.flags.writeable:
        raise ValueError("cannot copy into read-only host memory (%s)" % type(obj).__name__)
    return arr


def host_memory_extents(obj):
    """(first, end) host addresses of the bytes host object `obj` spans."""
    arr = _as_host_array(obj, False)
    if arr.size == 0:
        return arr.ctypes.data, arr.ctypes.data
    low, high = _extent_bytes(arr.shape, arr.strides)
    return arr.ctypes.data + low, arr.ctypes.data + high + arr.itemsize


def host_memory_size(obj):
    """Bytes host object `obj` spans."""
    start, end = host_memory_extents(obj)
    return end - start


def host_pointer(obj, readonly=False):
    """The host address of `obj`'s first byte (an int is returned as it is);
    ValueError for read-only memory unless `readonly`."""
    if isinstance(obj, int):
        return obj
    return _as_host_array(obj, not readonly).ctypes.data


def _host_span(obj, size, writable, what):
    """The address of `size` bytes of host object `obj`, checked to fit."""
    if isinstance(obj, int):
        return obj
    address = host_pointer(obj, readonly=not writable)
    available = host_memory_extents(obj)[1] - address
    if not 0 <= size <= available:
        raise ValueError("%s: %d bytes do not fit in the host object's %d bytes"
                         % (what, size, available))
    return address


def _device_span(obj, size, what):
    """The address of `size` bytes of device memory object `obj`, checked to fit."""
    address = device_pointer(obj)
    available = device_memory_size(obj)
    if not 0 <= size <= available:
        raise ValueError("%s: %d bytes do not fit in the device memory's %d bytes"
                         % (what, size, available))
    return address


def _stream(stream):
    """The stream's handle, None for the default stream (0); TypeError for
    what is no stream (on every backend, so that code tried on the CPU
    backend runs on a GPU)."""
    from ._dispatcher import _stream_handle
    return _stream_handle(stream) or None


def _bytes_at(address, size):
    return (ctypes.c_char * size).from_address(address)


def _host_copy(device, host, size, stream, to_device):
    """Copies `size` bytes between device memory object `device` and host
    object `host`, in the direction `to_device` says."""
    what = "host_to_device" if to_device else "device_to_host"
    size = _byte_count(size, what)
    stream = _stream(stream)
    dptr = _device_span(device, size, what)
    hptr = _host_span(host, size, not to_device, what)
    if not size:
        return
    if host_memory():
        target, source = (dptr, hptr) if to_device else (hptr, dptr)
        ctypes.memmove(target, source, size)
    elif to_device:
        ext().memcpy_htod(dptr, _bytes_at(hptr, size), stream)
    else:
        ext().memcpy_dtoh(_bytes_at(hptr, size), dptr, stream)


def host_to_device(dst, src, size, stream=0):
    """Copies `size` bytes of host object `src` to device memory `dst`."""
    _host_copy(dst, src, size, stream, to_device=True)


def device_to_host(dst, src, size, stream=0):
    """Copies `size` bytes of device memory `src` into host object `dst`."""
    _host_copy(src, dst, size, stream, to_device=False)


def _wait_for(stream):
    """Waits for the work queued on stream handle `stream` (None, the default
    stream: none to wait for here)."""
    if stream is not None:
        ext().stream_synchronize(stream)


def device_to_device(dst, src, size, stream=0):
    """Copies `size` bytes from device memory `src` to device memory `dst`."""
    size = _byte_count(size, "device_to_device")
    stream = _stream(stream)
    dptr = _device_span(dst, size, "device_to_device")
    sptr = _device_span(src, size, "device_to_device")
    if not size:
        return
    if host_memory():
        ctypes.memmove(dptr, sptr, size)
    else:
        _wait_for(stream)
        ext().memcpy_dtod(dptr, sptr, size)


def device_memset(dst, val, size, stream=0):
    """Sets `size` bytes of device memory `dst` to the byte `val` (0-255)."""
    size = _byte_count(size, "device_memset")
    stream = _stream(stream)
    if not isinstance(val, (int, np.integer)) or isinstance(val, bool):
        raise TypeError("device_memset: the value is one byte (an int 0-255), got %r" % (val,))
    if not 0 <= val <= 255:
        raise ValueError("device_memset: the value is one byte (an int 0-255), got %r" % (val,))
    dptr = _device_span(dst, size, "device_memset")
    if not size:
        return
    if host_memory():
        ctypes.memset(dptr, val, size)
    else:
        _wait_for(stream)
        ext().memset(dptr, val, size)


#: The names pyjit.cuda.cudadrv.driver takes from here.
def memory_size_from_info(shape, strides, itemsize):
    """Bytes an array of `shape`, byte `strides` and `itemsize` spans from
    its lowest to its highest element (numba's; 0 for no elements)."""
    shape, strides = tuple(int(e) for e in shape), tuple(int(s) for s in strides)
    if not all(shape):
        return 0
    low, high = _extent_bytes(shape, strides)
    return high - low + int(itemsize)


NAMES = ("memory_size_from_info", "is_device_memory", "require_device_memory", "device_ctypes_pointer", "device_pointer",
         "device_memory_size", "host_memory_extents", "host_memory_size", "host_pointer",
         "host_to_device", "device_to_host", "device_to_device", "device_memset")
